/**
 * Reads a store's folders into the index `fencecheck serve` shows:
 * `<store>/<name>/<start-time>/` run folders (newest first) and
 * `<store>/matrix-<time>/index.html` matrix pages.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CheckValidity, Validity } from "../../core/index.js";
import { type MatrixIndexEntry, type RunIndex, type RunIndexEntry } from "../../reports/index.js";

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function validityOf(v: unknown): Validity | undefined {
  return v === true || v === false || v === "unknown" ? v : undefined;
}

function readRun(store: string, name: string, time: string): RunIndexEntry {
  const dir = join(store, name, time);
  let valid: Validity | undefined;
  const checkers: Record<string, CheckValidity> = {};
  try {
    const results = JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as { valid?: unknown; results?: Record<string, { valid?: unknown }> };
    valid = validityOf(results.valid);
    for (const [n, r] of Object.entries(results.results ?? {})) {
      const v = r?.valid === "n/a" ? "n/a" : validityOf(r?.valid);
      if (v !== undefined) checkers[n] = v;
    }
  } catch {
    valid = undefined;
  }
  const reportHref = existsSync(join(dir, "report.html")) ? `${encodeURIComponent(name)}/${encodeURIComponent(time)}/report.html` : undefined;
  return { name, time, valid, checkers, reportHref };
}

/** Scans `store` (a missing store is empty). */
export function readStoreIndex(store: string): RunIndex {
  const runs: RunIndexEntry[] = [];
  const matrices: MatrixIndexEntry[] = [];
  const names = isDir(store) ? readdirSync(store).filter((n) => n !== "latest" && isDir(join(store, n))) : [];
  for (const name of names) {
    if (name.startsWith("matrix-") && existsSync(join(store, name, "index.html"))) {
      matrices.push({ name, href: `${encodeURIComponent(name)}/index.html` });
      continue;
    }
    for (const time of readdirSync(join(store, name))) {
      if (existsSync(join(store, name, time, "config.json"))) runs.push(readRun(store, name, time));
    }
  }
  runs.sort((a, b) => b.time.localeCompare(a.time) || a.name.localeCompare(b.name));
  matrices.sort((a, b) => b.name.localeCompare(a.name));
  return { store, runs, matrices };
}
