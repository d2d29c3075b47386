#!/usr/bin/env node
/**
 * The second step of `npm run build`, after tsc: bundles what `fencecheck
 * check` runs into one file, so a check starts without resolving and
 * compiling some eighty modules (and commander's) one by one.
 * - dist/bundle/check.cjs: dist/harness/cli/check-process.js with the
 *   checkers and commander (whose modules, imported by the check only for
 *   arguments it does not read itself, run only then: rolldown turns that
 *   import() into a call), CommonJS (Node's built-ins load from it without the
 *   ESM facades that read every lazy getter of node:fs and node:process);
 *   the bin loads it for `check`, compiled from check.cjs.cache: V8's code
 *   cache of the whole bundle, every function compiled (harness/cli/load-bundle.cts).
 * - dist/bundle/check-worker.js: the checker's worker thread, beside the
 *   bundle, where its `new URL("./check-worker.js", import.meta.url)` points.
 * - dist/bundle/cli/: every other command (dist/harness/cli/cli-process.js),
 *   ES modules split where ours load lazily (each command, each adapter,
 *   the report), commander inside; every other package stays outside and
 *   loads from node_modules when the code that needs it runs (the bin runs
 *   cli/cli.js). The folder is made anew, with the checker's worker in it.
 * - dist/bundle/programs/: every program the harness starts in a node
 *   (workloads/entrypoints.ts: the agent, our services, the lock probe),
 *   `<name>.js` each, ES modules sharing chunks, every package outside:
 *   a program starts loading a handful of files instead of some forty
 *   modules (entrypointPath picks the bundle when it is not older than the
 *   program's module). A run's agents, services and probe load no package
 *   as they load (a reference run's programs need none).
 * Fails (exit 1, one line per problem) when a bundle holds a package not in
 * its allowlist (commander; never the runtimes, Docker, charts or database
 * clients), would load at run time a package not in its list of packages
 * left outside (check: none, only Node's built-ins), uses import() where
 * it is loaded with its code cache (whose loader has none), or names a file
 * beside it that is not there; when the CLI's entry or its run command would
 * load, as they load, any package (a package an adapter, a runtime or the
 * report needs must load when that code runs); or when V8 rejects the code
 * cache it wrote.
 * The root is the first argument (default: this package).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "rolldown";

const root = resolve(process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), ".."));
const out = join(root, "dist", "bundle");
const BUNDLES = [
  { input: "dist/harness/cli/check-process.js", file: "check.cjs", format: "cjs", packages: ["commander"], codeCache: true },
  { input: "dist/harness/check/check-worker.js", file: "check-worker.js", format: "esm", packages: [] },
];
/** The CLI's bundle: its folder, its entry, the packages inside it; every other package stays outside. */
const CLI = {
  input: "dist/harness/cli/cli-process.js", dir: "cli", entry: "cli.js", packages: ["commander"],
  /** The modules a run loads (lazily) before its first node starts: no package may load with them. */
  runStart: ["dist/harness/cli/run-command.js", "dist/harness/cli/run-from-options.js"],
};
/** The programs a reference run starts in its nodes (workloads/entrypoints.ts's names): none may load a package as it loads. */
const LEAN_PROGRAMS = ["agent", "reference-lock", "storage", "lock-probe"];
/** The require("x") calls left in a bundle (written without comments), such as a bundled CommonJS package's. */
const REQUIRE_RE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;
/** Files a bundle names relative to itself. */
const BESIDE_RE = /new URL\(\s*["'](\.\/[^"']+)["']/g;

/**
 * Commander requires node:child_process as it loads, for subcommands that
 * are programs of their own (we have none): Node then compiles it and what
 * it needs (dgram, sockets, its internals) at every start. In the bundles
 * its require is a proxy that loads the module when a property is first read.
 */
const lazyChildProcess = {
  name: "lazy-child-process",
  transform(code, id) {
    if (packageOf(id) !== "commander") return null;
    const lazy = code.replace(/require\((['"])(?:node:)?child_process\1\)/g, 'new Proxy({}, { get: (_, key) => require("node:child_process")[key] })');
    return lazy === code ? null : { code: lazy, map: null };
  },
};

/** The package a bundled module comes from ("@scope/name" or "name"), undefined for our own. */
function packageOf(id) {
  const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return m?.[1]?.replace("\\", "/");
}

/** Problems of one written bundle (its chunk from rolldown), one sentence each. */
function problemsOf(file, chunk, allowed, { outside = false, dynamic = false } = {}) {
  const text = readFileSync(file, "utf8");
  const where = relative(root, file);
  const problems = [];
  const packages = new Set(chunk.moduleIds.map(packageOf).filter((p) => p !== undefined));
  for (const p of packages) if (!allowed.includes(p)) problems.push(`${where} holds the package "${p}": only ${allowed.join(", ") || "our own code"} may be bundled there`);
  // A dynamic import of a module inside the same file (a one-file bundle's) names the bundle itself: nothing to load.
  const loads = [...chunk.imports, ...chunk.dynamicImports.filter((f) => f !== chunk.fileName), ...[...text.matchAll(REQUIRE_RE)].map((m) => m[1])];
  for (const spec of new Set(loads)) {
    if (!isBuiltin(spec) && !outside && !spec.startsWith("./")) problems.push(`${where} loads "${spec}" at run time: it should hold everything but Node's built-ins`);
    if (allowed.includes(spec)) problems.push(`${where} loads "${spec}" at run time: it should hold it`);
  }
  if (!dynamic && /\bimport\s*\(/.test(text)) problems.push(`${where} uses import(), which a bundle loaded with its code cache cannot`);
  for (const m of text.matchAll(BESIDE_RE)) {
    if (!existsSync(join(dirname(file), m[1]))) problems.push(`${where} names "${m[1]}" beside it, which was not built`);
  }
  return problems;
}

const built = [];
for (const b of BUNDLES) {
  const file = join(out, b.file);
  const result = await build({
    input: join(root, b.input),
    cwd: root,
    platform: "node",
    logLevel: "warn",
    plugins: [lazyChildProcess],
    output: { file, format: b.format, codeSplitting: false, sourcemap: true, comments: false },
  });
  if (result.output.length !== 2) throw new Error(`bundle-check: ${b.input} made ${result.output.length} files, expected the bundle and its map`);
  built.push({ file, chunk: result.output[0], packages: b.packages });
}
const problems = built.flatMap((b) => problemsOf(b.file, b.chunk, b.packages));
problems.push(...(await bundleCli()));
problems.push(...(await bundlePrograms()));

/**
 * Writes the CLI's bundle to its folder, made anew (chunk names change with
 * their content); returns its problems. What the entry loads before any
 * command runs (its static imports, followed through its chunks) must be
 * commander's and ours only.
 */
async function bundleCli() {
  const dir = join(out, CLI.dir);
  rmSync(dir, { recursive: true, force: true });
  const result = await build({
    input: { [CLI.entry.replace(/\.js$/, "")]: join(root, CLI.input) },
    cwd: root,
    platform: "node",
    logLevel: "warn",
    plugins: [lazyChildProcess],
    external: (id) => !id.startsWith(".") && !isAbsolute(id) && !CLI.packages.some((p) => id === p || id.startsWith(`${p}/`)),
    // A package is loaded for what it exports, never for its side effects, and reports/ is pure (its modules do
    // nothing as they load): a chunk that uses none of their exports (a run until it checks) does not load them.
    treeshake: {
      moduleSideEffects: [
        { external: true, sideEffects: false },
        { test: /[\\/]dist[\\/]reports[\\/]/, external: false, sideEffects: false },
      ],
    },
    output: {
      dir, format: "esm", sourcemap: true, comments: false, entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js",
      // A run's report (its rendering and its charts' drawing) in a chunk of its own, which only the check of a run
      // imports: a run loads Chart.js and the native canvas once its clients are done.
      codeSplitting: { groups: [{ name: "report", test: /[\\/]reports[\\/](charts[\\/]chart-png|render-report)\.js$/ }] },
    },
  });
  // The checker's worker, where a chunk's `new URL("./check-worker.js", import.meta.url)` points.
  copyFileSync(join(out, "check-worker.js"), join(dir, "check-worker.js"));
  const chunks = result.output.filter((o) => o.type === "chunk");
  const problems = chunks.flatMap((c) => problemsOf(join(dir, c.fileName), c, CLI.packages, { outside: true, dynamic: true }));
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const starts = [byName.get(CLI.entry)];
  for (const module of CLI.runStart) {
    const chunk = chunks.find((c) => c.facadeModuleId === join(root, module));
    if (chunk === undefined) problems.push(`the CLI's bundle has no chunk that starts with ${module}`);
    starts.push(chunk);
  }
  for (const start of starts.filter((c) => c !== undefined)) {
    for (const spec of staticLoads(start, byName)) {
      problems.push(`${relative(root, join(dir, start.fileName))} loads "${spec}" when it loads: only Node's built-ins may load before the code that needs a package runs`);
    }
  }
  return problems;
}
/**
 * Writes the programs' bundle to its folder, made anew; returns its
 * problems. The list of programs is workloads/entrypoints.ts's, as tsc
 * compiled it.
 */
async function bundlePrograms() {
  const { PROGRAM_MODULES, PROGRAM_BUNDLE_DIR } = await import(pathToFileURL(join(root, "dist", "workloads", "entrypoints.js")).href);
  const dir = join(root, PROGRAM_BUNDLE_DIR);
  rmSync(dir, { recursive: true, force: true });
  const result = await build({
    input: Object.fromEntries(Object.entries(PROGRAM_MODULES).map(([name, module]) => [name, join(root, module)])),
    cwd: root,
    platform: "node",
    logLevel: "warn",
    external: (id) => !id.startsWith(".") && !isAbsolute(id),
    output: { dir, format: "esm", sourcemap: true, comments: false, entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
  });
  const chunks = result.output.filter((o) => o.type === "chunk");
  const problems = chunks.flatMap((c) => problemsOf(join(dir, c.fileName), c, [], { outside: true, dynamic: true }));
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  for (const name of LEAN_PROGRAMS) {
    const entry = byName.get(`${name}.js`);
    if (entry === undefined) {
      problems.push(`the programs' bundle has no ${name}.js`);
      continue;
    }
    for (const spec of staticLoads(entry, byName)) {
      problems.push(`${relative(root, join(dir, entry.fileName))} loads "${spec}" when it loads: a run's programs load a package only when the code that needs it runs`);
    }
  }
  return problems;
}
for (const b of BUNDLES.filter((x) => x.codeCache)) problems.push(...writeCodeCache(join(out, b.file)));
/** The packages (not Node's built-ins) a chunk loads through its static imports, followed through the bundle's chunks. */
function staticLoads(chunk, byName) {
  const seen = new Set([chunk.fileName]);
  const packages = new Set();
  for (const queue = [chunk]; queue.length > 0; ) {
    for (const spec of queue.pop().imports) {
      const next = byName.get(spec);
      if (next === undefined) {
        if (!isBuiltin(spec)) packages.add(spec);
      } else if (!seen.has(spec)) {
        seen.add(spec);
        queue.push(next);
      }
    }
  }
  return packages;
}

/**
 * Writes FILE.cache: a child process compiles every function of the bundle
 * (load-bundle.cts's writeBundleCache: nothing runs, so the cache is the
 * same whatever the machine was doing); a second child loads the bundle and
 * must find the cache used.
 */
function writeCodeCache(file) {
  const loader = JSON.stringify(join(root, "dist", "harness", "cli", "load-bundle.cjs"));
  execFileSync(process.execPath, ["-e", `require(${loader}).writeBundleCache(${JSON.stringify(file)});`], { stdio: "ignore" });
  const used = execFileSync(process.execPath, ["-e", `process.stdout.write(String(require(${loader}).loadBundle(${JSON.stringify(file)}).cacheUsed));`], { encoding: "utf8" });
  return used === "true" ? [] : [`V8 did not use the code cache written for ${relative(root, file)}`];
}

for (const p of problems) console.error(`bundle-check: ${p}`);
process.exitCode = problems.length > 0 ? 1 : 0;
