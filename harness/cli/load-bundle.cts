/**
 * Loads a CommonJS bundle of ours (one file that requires only Node's
 * built-ins) compiled with the V8 code cache kept beside it in FILE.cache,
 * which `npm run build` writes after a warm-up run, so the functions a check
 * runs start as bytecode instead of being parsed and compiled first. Node 20
 * has no compile cache of its own (module.enableCompileCache is Node 22's).
 * A cache V8 cannot use (another Node version or V8 flags) is rejected and
 * the source compiles as usual: the cache changes how fast the bundle
 * starts, never what it does. The bundle may not use import().
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { Script } from "node:vm";

/** A loaded bundle. */
export interface LoadedBundle {
  /** What the bundle put in module.exports. */
  readonly exports: unknown;
  /** True when there was a code cache and V8 used it. */
  readonly cacheUsed: boolean;
  /** Writes FILE.cache from what this process compiled of the bundle so far. */
  saveCache(): void;
}

/** Loads and runs the bundle at `file` (an absolute path). */
export function loadBundle(file: string): LoadedBundle {
  const source = readFileSync(file, "utf8");
  const cacheFile = `${file}.cache`;
  const cachedData = readCache(cacheFile);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as unknown };
  const body = script.runInThisContext() as (this: unknown, ...args: unknown[]) => void;
  body.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
    saveCache: () => writeFileSync(cacheFile, script.createCachedData()),
  };
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
