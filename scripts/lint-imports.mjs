#!/usr/bin/env node
/**
 * Enforces the import rule (docs/architecture.md), so it holds by check and
 * not by good intentions:
 * - core imports nothing of ours; checkers/ and nemesis/ import only
 *   core; workloads/ imports core and checkers/; reports/
 *   imports core and (types only) checkers/; only harness/ wires
 *   everything together, and nothing outside harness/ imports the rest of it.
 * - harness/cli calls the rest of harness/ only through a folder's index.ts,
 *   never a file inside it: harness/run's public index or the index.ts of
 *   one of its sub-folders (harness/run/analyze/index.ts, harness/run/
 *   refusals/index.ts...), and the indexes of harness/runtime,
 *   harness/check, harness/scenario and harness/validate (CLI_MAY_CALL).
 * - A runtime's own files (harness/runtime/<name>/*.ts) borrow only from
 *   harness/runtime/common, never from another runtime's folder; every
 *   non-test file under harness/runtime/<name>/ imports only core,
 *   harness/runtime/common and its own runtime (tools in a runtime's
 *   subfolder, such as the ssh sandbox, may use another runtime).
 * - Cross-folder imports go through the folder's index.ts, or through an
 *   entry the package exports (package.json `exports`: scripts use the
 *   package as a user does, `fencecheck/runtime` as harness/runtime/index.ts);
 *   inside the
 *   folders of SUBFOLDER_INDEX, so do imports between their sub-folders
 *   (checkers/lock-service/ imports checkers/lease/ through
 *   checkers/lease/index.ts).
 * - core, checkers/, nemesis/ and reports/ are pure: a package is
 *   imported only when its folder's allowlist names it (tests beside them may
 *   use vitest and read test data), and they use no process, new Date(),
 *   fetch or require.
 * - Date.now() and Math.random() only in core/clock.ts and rng.ts.
 * - No cycle between files (type-only and dynamic imports count).
 * Prints one line per violation and exits 1 if there is any. The root to
 * check is the first argument (default: this package).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { fileCycles } from "./lint/file-cycles.mjs";

const root = resolve(process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), ".."));
const TOP = ["core", "harness", "workloads", "nemesis", "checkers", "reports", "scripts"];
const MAY_IMPORT = {
  core: ["core"],
  checkers: ["core", "checkers"],
  nemesis: ["core", "nemesis"],
  workloads: ["core", "checkers", "workloads"],
  reports: ["core", "checkers", "reports"],
  harness: ["core", "harness", "workloads", "nemesis", "checkers", "reports"],
  scripts: ["core", "harness", "workloads", "nemesis", "checkers", "reports", "scripts"],
};
/** The packages each pure folder may import outside its tests; anything else is refused. */
const PURE_ALLOW = {
  core: [],
  checkers: [],
  nemesis: [],
  reports: ["@napi-rs/canvas", "chart.js"],
};
const PURE = new Set(Object.keys(PURE_ALLOW));
/** What tests beside pure code may import. */
const PURE_TEST_ALLOW = ["vitest", "node:fs", "node:path", "node:url", "node:os"];
/** Effects pure code may not reach for without an import; core/clock.ts reads process.hrtime. */
const PURE_GLOBALS = [[/\bprocess\s*\./, "process"], [/\bnew\s+Date\s*\(/, "new Date()"], [/\bfetch\s*\(/, "fetch()"], [/\brequire\s*\(/, "require()"]];
/**
 * Top-level folders whose sub-folders are folders of their own: an import
 * from one sub-folder into another goes through the other's index.ts.
 * Only checkers/ so far; nemesis/, workloads/ and harness/ still import
 * across their sub-folders directly.
 */
const SUBFOLDER_INDEX = ["checkers"];
/**
 * The folders of harness/ that harness/cli calls, each only through its
 * index.ts (harness/run also through its sub-folders' index.ts: the CLI
 * loads analyze/ only where it is used and refusals/ before the run's
 * machinery). Not harness/store: run folders are harness/run's to write.
 */
const CLI_MAY_CALL = ["harness/run", "harness/runtime", "harness/check", "harness/scenario", "harness/validate"];
/** The source files of the entries package.json exports ("./dist/harness/runtime/index.js" -> harness/runtime/index.ts). */
const PACKAGE_ENTRIES = packageEntries();
const IMPORT_RE = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function folderOf(file) {
  const rel = relative(root, file).split(sep).join("/");
  return rel.split("/")[0];
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name === "testdata") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|cts|mjs)$/.test(name) && !/\.d\.c?ts$/.test(name)) yield path;
  }
}

function check(file) {
  const problems = [];
  const text = readFileSync(file, "utf8");
  const from = folderOf(file);
  const isTest = /\.test\.ts$/.test(file);
  const where = relative(root, file);
  for (const m of text.matchAll(IMPORT_RE)) {
    const typeOnly = Boolean(m[2]);
    const spec = m[3] ?? m[4];
    if (spec.startsWith(".")) {
      const target = resolve(dirname(file), spec).replace(/\.(c?)js$/, ".$1ts");
      const to = folderOf(target);
      if (!TOP.includes(to)) continue;
      if (!MAY_IMPORT[from]?.includes(to)) problems.push(`${where}: ${from}/ may not import ${to}/ ("${spec}")`);
      else if (from === "reports" && to === "checkers" && !typeOnly && !isTest) problems.push(`${where}: reports/ may import only types from checkers/ ("${spec}")`);
      else if (to !== from && !isIndex(target, to) && !PACKAGE_ENTRIES.has(target)) problems.push(`${where}: import ${to}/ through its index.ts, not "${spec}"`);
      else if (to === from && SUBFOLDER_INDEX.includes(from)) problems.push(...subfolderProblem(file, target, where, spec));
      // A runtime's own files (harness/runtime/<name>/*.ts); tools beside it in subfolders, such as the
      // ssh runtime's Docker sandbox of hosts, may use another runtime's engine.
      const fromRuntime = relative(root, file).split(sep).length === 4 ? runtimeFolder(file) : undefined;
      const toRuntime = runtimeFolder(target);
      if (fromRuntime && toRuntime && fromRuntime !== toRuntime && toRuntime !== "common" && !isTest) {
        problems.push(`${where}: runtime ${fromRuntime}/ borrows from runtime ${toRuntime}/ ("${spec}"): move what both need to harness/runtime/common`);
      }
      // A runtime knows processes, networks, clocks and disks, not lock services: its files (subfolders
      // included) import only core/, harness/runtime/common/ and their own runtime's folder.
      const inRuntime = runtimeFolder(file);
      if (inRuntime && !isTest && to !== "core" && !(toRuntime === "common" || toRuntime === inRuntime || (fromRuntime === undefined && toRuntime !== undefined))) {
        problems.push(`${where}: harness/runtime/ imports only core/, harness/runtime/common/ and its own runtime's folder, not "${spec}": what knows lock services belongs in harness/run/`);
      }
      if (from === "harness" && !isTest && where.split(sep).join("/").startsWith("harness/cli/")) problems.push(...cliProblem(target, where, spec));
    } else if (PURE.has(from) && !(isTest ? PURE_TEST_ALLOW : PURE_ALLOW[from]).includes(spec)) {
      problems.push(`${where}: ${from}/ is pure and may not import "${spec}" (not in its allowlist)`);
    }
  }
  if (PURE.has(from) && !isTest) {
    const code = withoutComments(text);
    for (const [re, what] of PURE_GLOBALS) {
      if (re.test(code) && !(what === "process" && where.split(sep).join("/") === "core/clock.ts")) problems.push(`${where}: ${from}/ is pure and may not use ${what}`);
    }
  }
  const clockFile = /core\/(clock|rng)\.ts$|lint-imports\.mjs$/.test(where.split(sep).join("/"));
  if (!clockFile && !isTest && /\b(Date\.now|Math\.random)\s*\(/.test(text)) {
    problems.push(`${where}: use the injected Clock or Rng, not Date.now() or Math.random()`);
  }
  return problems;
}

/** What is wrong with harness/cli's `file` importing `target` (none when harness/cli may call it that way). */
function cliProblem(target, where, spec) {
  const sub = harnessFolder(target);
  if (sub === undefined || sub === "harness/cli") return [];
  if (!CLI_MAY_CALL.includes(sub)) {
    return [`${where}: harness/cli calls only harness/run, harness/runtime, harness/check, harness/scenario and harness/validate, not ${sub}/ ("${spec}")`];
  }
  const rel = relative(root, target).split(sep).join("/");
  const throughIndex = rel === `${sub}/index.ts` || (sub === "harness/run" && /^harness\/run\/[^/]+\/index\.ts$/.test(rel));
  return throughIndex ? [] : [`${where}: harness/cli calls ${sub}/ through its index.ts${sub === "harness/run" ? " or a sub-folder's index.ts" : ""}, not a file inside it ("${spec}")`];
}

/** The source file (.ts) of every entry in the package's `exports` that points into dist/; none without a package.json. */
function packageEntries() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  } catch {
    return new Set();
  }
  const targets = Object.values(manifest.exports ?? {}).map((entry) => (typeof entry === "string" ? entry : entry?.default));
  return new Set(targets.filter((t) => typeof t === "string" && t.startsWith("./dist/")).map((t) => resolve(root, t.slice("./dist/".length).replace(/\.js$/, ".ts"))));
}

/** "harness/run" for a file under harness/run/; undefined outside harness/. */
function harnessFolder(file) {
  const rel = relative(root, file).split(sep).join("/");
  const [top, sub] = rel.split("/");
  return top === "harness" && sub !== undefined && !sub.includes(".") ? `harness/${sub}` : undefined;
}

/** "local" for a file under harness/runtime/local/; undefined elsewhere (and for harness/runtime/index.ts). */
function runtimeFolder(file) {
  const parts = relative(root, file).split(sep);
  return parts[0] === "harness" && parts[1] === "runtime" && parts.length > 3 ? parts[2] : undefined;
}

/** The text without comments, so that prose about `process` or `new Date()` is not code. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** A problem when `file` reaches into another sub-folder of its own top-level folder other than through its index.ts. */
function subfolderProblem(file, target, where, spec) {
  const a = relative(root, file).split(sep);
  const b = relative(root, target).split(sep);
  if (a.length < 3 || b.length < 3 || a[1] === b[1]) return [];
  const sub = `${b[0]}/${b[1]}`;
  return isIndex(target, sub) ? [] : [`${where}: import ${sub}/ through its index.ts, not "${spec}"`];
}

function isIndex(target, folder) {
  return relative(join(root, folder), target).split(sep).join("/") === "index.ts";
}

const files = TOP.filter((t) => {
  try {
    return statSync(join(root, t)).isDirectory();
  } catch {
    return false;
  }
}).flatMap((t) => [...sourceFiles(join(root, t))]);
const problems = [...files.flatMap(check), ...fileCycles(files, root)];
for (const p of problems) console.error(p);
if (problems.length > 0) {
  console.error(`lint-imports: ${problems.length} violation(s) of the import rule (docs/architecture.md)`);
  process.exit(1);
}
console.log("lint-imports: the import rule holds");
