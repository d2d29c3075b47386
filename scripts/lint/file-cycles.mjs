/**
 * Finds cycles between source files: a file that, through its relative
 * imports (type-only and dynamic ones included), imports itself. Test files
 * are left out. Each cycle is reported once, as the files around it.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

/** One line per cycle among `files` (absolute paths), named relative to `root`. */
export function fileCycles(files, root) {
  const sources = files.filter((f) => !/\.test\.ts$/.test(f));
  const known = new Set(sources);
  const edges = new Map(sources.map((file) => [file, importsOf(file).filter((t) => known.has(t))]));
  const state = new Map();
  const stack = [];
  const seen = new Set();
  const out = [];
  function visit(file) {
    state.set(file, "open");
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next)).map((f) => relative(root, f).split(sep).join("/"));
        const key = [...cycle].sort().join(" ");
        if (!seen.has(key)) {
          seen.add(key);
          out.push(`${cycle[0]}: a cycle between files: ${[...cycle, cycle[0]].join(" -> ")}`);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  }
  for (const file of sources) if (!state.has(file)) visit(file);
  return out;
}

function importsOf(file) {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT_RE)].map((m) => resolve(dirname(file), m[1] ?? m[2]).replace(/\.(c?)js$/, ".$1ts"));
}
