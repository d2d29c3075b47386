/**
 * Loads a CommonJS bundle of ours (one file that requires only Node's
 * built-ins) compiled with the V8 code cache kept beside it in FILE.cache,
 * which `npm run build` writes, so the functions a check runs start as
 * bytecode instead of being parsed and compiled first. Node 20 has no
 * compile cache of its own (module.enableCompileCache is Node 22's).
 *
 * The cache holds every function of the bundle compiled (V8's `--no-lazy`,
 * set only while the bundle compiles, in the process that writes the cache
 * and in the one that reads it: the flag is part of what V8 checks a cache
 * against). A cache written after a warm-up run, holding only what that run
 * compiled, once left functions that V8 later compiled lazily at the wrong
 * source positions ("SyntaxError: Unexpected identifier" on an error path
 * the warm-up never took, in some builds and not others); with nothing
 * left to compile lazily, nothing can be. A cache V8 cannot use (another
 * Node version) is rejected and the source compiles instead (all of it, at
 * once, under the same flag: tens of ms more): the cache changes how fast
 * the bundle starts, never what it does. The bundle may not use import().
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { setFlagsFromString } from "node:v8";
import { Script } from "node:vm";

/** A loaded bundle. */
export interface LoadedBundle {
  /** What the bundle put in module.exports. */
  readonly exports: unknown;
  /** True when there was a code cache and V8 used it. */
  readonly cacheUsed: boolean;
}

/** Loads and runs the bundle at `file` (an absolute path). */
export function loadBundle(file: string): LoadedBundle {
  const source = readFileSync(file, "utf8");
  const cachedData = readCache(`${file}.cache`);
  const script = cachedData === undefined ? compile(file, source) : compileEagerly(file, source, cachedData);
  const module = { exports: {} as unknown };
  const body = script.runInThisContext() as (this: unknown, ...args: unknown[]) => void;
  body.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, cacheUsed: cachedData !== undefined && !script.cachedDataRejected };
}

/** Writes FILE.cache: the bundle at `file` with every function compiled. Runs none of it. */
export function writeBundleCache(file: string): void {
  // Made while `--no-lazy` holds: V8 stamps a cache with the flags of the moment it is made.
  writeFileSync(`${file}.cache`, whileEager(() => compile(file, readFileSync(file, "utf8")).createCachedData()));
}

function compile(file: string, source: string, cachedData?: Buffer): Script {
  return new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
}

/** Compiles with V8's `--no-lazy` (every function now). */
function compileEagerly(file: string, source: string, cachedData: Buffer): Script {
  return whileEager(() => compile(file, source, cachedData));
}

/** Runs `task` under V8's `--no-lazy`, then puts lazy compiling back for the rest of the process. */
function whileEager<T>(task: () => T): T {
  setFlagsFromString("--no-lazy");
  try {
    return task();
  } finally {
    setFlagsFromString("--lazy");
  }
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
