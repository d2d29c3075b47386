/**
 * The comparison page of `fencecheck matrix`: rows are designs (lock
 * service x storage x options), columns are faults, each cell the verdict
 * linking to its run's report. An unexpected verdict is marked.
 */
import type { Validity } from "../core/index.js";
import { escapeHtml as e } from "./html-escape.js";

/** One run of the matrix. */
export interface MatrixCell {
  readonly design: string;
  readonly fault: string;
  /** Undefined when the run could not start (see `error`). */
  readonly valid: Validity | undefined;
  /** Link to the report, relative to the matrix page. */
  readonly href: string | undefined;
  readonly expected?: Validity;
  readonly error?: string;
  /** A one-line summary, for example the first checker headline. */
  readonly summary?: string;
  /** The cell's text instead of the verdict word (an outcome that is no verdict, such as "harness-error (255)"). */
  readonly label?: string;
  /** Why the expected verdict, shown on hover. */
  readonly why?: string;
  /** More runs of the cell (one per seed), each linking to its report. */
  readonly links?: readonly { readonly text: string; readonly href: string }[];
}

/** The whole matrix. */
export interface MatrixModel {
  readonly title: string;
  readonly designs: readonly { readonly name: string; readonly description: string }[];
  readonly faults: readonly string[];
  readonly cells: readonly MatrixCell[];
  readonly command: string;
  /** Paragraphs under the title (the validation page's totals and catch rates). */
  readonly notes?: readonly string[];
  /** What a design x fault pair with no cell shows (default "not run"). */
  readonly absent?: string;
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px;color:#222}
table{border-collapse:collapse}td,th{padding:8px 12px;border:1px solid #ddd;text-align:center}th.design{text-align:left}
td.v-true{background:#c8e6c9}td.v-false{background:#ffcdd2}td.v-unknown{background:#e0e0e0}td.v-none{background:#fff9c4}
td a{font-weight:600;color:#111}td.unexpected{outline:3px solid #6a1b9a;outline-offset:-3px}.small{font-size:12px;color:#555}`;

function word(v: Validity | undefined): string {
  return v === undefined ? "did not run" : v === true ? "valid" : v === false ? "invalid" : "unknown";
}

function cell(c: MatrixCell | undefined, absent: string): string {
  if (c === undefined) return `<td class="v-none">${e(absent)}</td>`;
  const unexpected = c.expected !== undefined && c.valid !== c.expected;
  const cls = `v-${c.valid === undefined ? "none" : String(c.valid)}${unexpected ? " unexpected" : ""}`;
  const shown = c.label ?? word(c.valid);
  const text = c.href ? `<a href="${e(c.href)}">${e(shown)}</a>` : e(shown);
  const extra = [c.error, c.summary, unexpected ? `expected ${word(c.expected)}` : undefined].filter((s): s is string => Boolean(s));
  const links = (c.links ?? []).map((l) => `<a href="${e(l.href)}">${e(l.text)}</a>`).join(" ");
  const title = c.why ? ` title="${e(c.why)}"` : "";
  return `<td class="${cls}"${title}>${text}${extra.map((s) => `<div class="small">${e(s)}</div>`).join("")}${links ? `<div class="small">${links}</div>` : ""}</td>`;
}

/** Renders the matrix page. Pure. */
export function renderMatrixHtml(m: MatrixModel): string {
  const byKey = new Map(m.cells.map((c) => [`${c.design}\u0000${c.fault}`, c]));
  const head = `<tr><th class="design">design</th>${m.faults.map((f) => `<th>${e(f)}</th>`).join("")}</tr>`;
  const rows = m.designs.map((d) => `<tr><th class="design">${e(d.name)}<div class="small">${e(d.description)}</div></th>${m.faults.map((f) => cell(byKey.get(`${d.name}\u0000${f}`), m.absent ?? "not run")).join("")}</tr>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(m.title)}</title><style>${STYLE}</style></head>
<body><h1>${e(m.title)}</h1>${(m.notes ?? []).map((n) => `<p>${e(n)}</p>`).join("")}<p>Rows are designs, columns are faults; each cell is the run's verdict and links to its report. A purple outline marks a verdict other than the one expected.</p>
<table>
${head}
${rows.join("\n")}
</table>
<p>Run it again:</p><pre>${e(m.command)}</pre>
</body></html>
`;
}
