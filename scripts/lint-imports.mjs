#!/usr/bin/env node
/**
 * Enforces the import rule of DESIGN.md, so it holds by check and not by
 * good intentions:
 * - harness/core imports nothing of ours; checkers/ and nemesis/ import only
 *   harness/core; workloads/ imports harness/core and checkers/; reports/
 *   imports harness/core and (types only) checkers/; only harness/ wires
 *   everything together, and nothing outside harness/ imports the rest of it.
 * - Cross-folder imports go through the folder's index.ts.
 * - harness/core, checkers/ and reports/ are pure: no fs, processes, sockets,
 *   worker threads or Docker (tests beside them may read test data).
 * - Date.now() and Math.random() only in harness/core/clock.ts and rng.ts.
 * Prints one line per violation and exits 1 if there is any.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TOP = ["harness", "workloads", "nemesis", "checkers", "reports", "scripts"];
const MAY_IMPORT = {
  "harness/core": ["harness/core"],
  checkers: ["harness/core", "checkers"],
  nemesis: ["harness/core", "nemesis"],
  workloads: ["harness/core", "checkers", "workloads"],
  reports: ["harness/core", "checkers", "reports"],
  harness: ["harness/core", "harness", "workloads", "nemesis", "checkers", "reports"],
  scripts: ["harness/core", "harness", "workloads", "nemesis", "checkers", "reports", "scripts"],
};
const PURE = new Set(["harness/core", "checkers", "reports"]);
const IMPURE_MODULES = /^(node:)?(fs|fs\/promises|child_process|net|dgram|http|https|worker_threads|cluster)$|^(dockerode|execa)$/;
const IMPORT_RE = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function folderOf(file) {
  const rel = relative(root, file).split(sep).join("/");
  if (rel.startsWith("harness/core/")) return "harness/core";
  return rel.split("/")[0];
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name === "testdata") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|mjs)$/.test(name) && !name.endsWith(".d.ts")) yield path;
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
      const target = resolve(dirname(file), spec).replace(/\.js$/, ".ts");
      const to = folderOf(target);
      if (!TOP.some((t) => to === t || to === "harness/core")) continue;
      if (!MAY_IMPORT[from]?.includes(to)) problems.push(`${where}: ${from}/ may not import ${to}/ ("${spec}")`);
      else if (from === "reports" && to === "checkers" && !typeOnly && !isTest) problems.push(`${where}: reports/ may import only types from checkers/ ("${spec}")`);
      else if (to !== from && !isIndex(target, to) && !(from === "harness" && to === "harness/core")) {
        problems.push(`${where}: import ${to}/ through its index.ts, not "${spec}"`);
      } else if (from === "harness" && to === "harness/core" && !isIndex(target, to)) {
        problems.push(`${where}: import harness/core through its index.ts, not "${spec}"`);
      }
    } else if (PURE.has(from) && !isTest && !typeOnly && IMPURE_MODULES.test(spec)) {
      problems.push(`${where}: ${from}/ is pure and may not import "${spec}"`);
    }
  }
  const clockFile = /harness\/core\/(clock|rng)\.ts$|lint-imports\.mjs$/.test(where.split(sep).join("/"));
  if (!clockFile && !isTest && /\b(Date\.now|Math\.random)\s*\(/.test(text)) {
    problems.push(`${where}: use the injected Clock or Rng, not Date.now() or Math.random()`);
  }
  return problems;
}

function isIndex(target, folder) {
  return relative(join(root, folder), target).split(sep).join("/") === "index.ts";
}

const problems = TOP.filter((t) => {
  try {
    return statSync(join(root, t)).isDirectory();
  } catch {
    return false;
  }
}).flatMap((t) => [...sourceFiles(join(root, t))].flatMap(check));
for (const p of problems) console.error(p);
if (problems.length > 0) {
  console.error(`lint-imports: ${problems.length} violation(s) of the import rule (DESIGN.md)`);
  process.exit(1);
}
console.log("lint-imports: the import rule holds");
