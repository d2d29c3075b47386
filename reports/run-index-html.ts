/** The store's index page for `fencecheck serve`: runs newest first, coloured by verdict, and matrix pages. */
import type { CheckValidity, Validity } from "../core/index.js";
import { escapeHtml as e } from "./html-escape.js";

/** One stored run as the index lists it. */
export interface RunIndexEntry {
  readonly name: string;
  /** The run folder's start-time name, for example 2026-11-30T045128Z. */
  readonly time: string;
  /** Undefined when the run has no results.json yet (running, or killed). */
  readonly valid: Validity | undefined;
  readonly checkers: Readonly<Record<string, CheckValidity>>;
  /** Link to the report, relative to the store; undefined when there is none. */
  readonly reportHref: string | undefined;
}

/** A matrix page in the store. */
export interface MatrixIndexEntry {
  readonly name: string;
  readonly href: string;
}

/** What the index shows. */
export interface RunIndex {
  readonly store: string;
  readonly runs: readonly RunIndexEntry[];
  readonly matrices: readonly MatrixIndexEntry[];
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#222}
table{border-collapse:collapse;width:100%}td,th{padding:4px 10px;text-align:left;border-bottom:1px solid #eee}
.v-true{background:#e8f5e9}.v-false{background:#ffebee}.v-unknown{background:#f0f0f0}.v-none{background:#fffde7}
.badge{display:inline-block;padding:0 7px;border-radius:9px;color:#fff;font-size:12px;margin-right:4px}
.b-true{background:#2e7d32}.b-false{background:#c62828}.b-unknown{background:#6d6d6d}.b-na{background:#90a4ae}`;

function verdict(v: Validity | undefined): string {
  return v === undefined ? "no result" : v === true ? "valid" : v === false ? "INVALID" : "unknown";
}

function row(r: RunIndexEntry): string {
  const cls = r.valid === undefined ? "v-none" : `v-${String(r.valid)}`;
  const link = r.reportHref ? `<a href="${e(r.reportHref)}">report</a>` : "no report";
  const checkers = Object.entries(r.checkers).map(([n, v]) => `<span class="badge b-${v === "n/a" ? "na" : String(v)}"${v === "n/a" ? ' title="not applicable"' : ""}>${e(n)}</span>`).join("");
  return `<tr class="${cls}"><td>${e(r.name)}</td><td>${e(r.time)}</td><td><strong>${e(verdict(r.valid))}</strong></td><td>${checkers}</td><td>${link}</td></tr>`;
}

/** Renders the index page; runs are shown in the order given. Pure. */
export function renderRunIndex(index: RunIndex): string {
  const runs = index.runs.length === 0 ? "<p>No runs in this store yet.</p>"
    : `<table><tr><th>run</th><th>started</th><th>verdict</th><th>checkers</th><th></th></tr>\n${index.runs.map(row).join("\n")}\n</table>`;
  const matrices = index.matrices.length === 0 ? "" : `<h2>Matrices</h2><ul>${index.matrices.map((m) => `<li><a href="${e(m.href)}">${e(m.name)}</a></li>`).join("")}</ul>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>fencecheck: ${e(index.store)}</title><style>${STYLE}</style></head>
<body><h1>fencecheck runs</h1><p>Store: ${e(index.store)}</p>
${matrices}<h2>Runs</h2>
${runs}
</body></html>
`;
}
