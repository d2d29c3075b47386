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
  /** The columns in groups, each group headed by its name; every fault of `faults` in one group. Without it, one row of fault names. */
  readonly groups?: readonly { readonly name: string; readonly faults: readonly string[] }[];
}

// The table takes the window's width and shares it among the fault columns (fixed layout, text wrapped inside
// its cell), so that a laptop's window shows every column; below its min-width it scrolls in its own box with
// the design column held in place.
const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:0;padding:16px 20px;color:#222}h1{font-size:24px}h1,p,pre,ul{max-width:1100px}
pre{white-space:pre-wrap;overflow-wrap:anywhere}.matrix{overflow-x:auto}
table{border-collapse:separate;border-spacing:0;table-layout:fixed;width:100%;border-top:1px solid #ccc;border-left:1px solid #ccc}
td,th{padding:5px 4px;border:solid #ccc;border-width:0 1px 1px 0;text-align:center;vertical-align:middle;overflow-wrap:anywhere}
col.design{width:15em}th.design{position:sticky;left:0;z-index:1;background:#fff;text-align:left}
thead th{background:#f3f3f3;font-weight:600;font-size:11.5px;padding:5px 2px;vertical-align:bottom;overflow-wrap:break-word}thead th.group{font-size:13px;vertical-align:middle;text-transform:uppercase;letter-spacing:.04em;color:#444}
th.design .small{font-weight:400}.g-start{border-left:2px solid #888}
td.v-true{background:#c8e6c9}td.v-false{background:#ffcdd2}td.v-unknown{background:#e0e0e0}td.v-none{background:#fff9c4}td.absent{background:#fafafa;color:#c4c4c4}
td a{font-weight:600;color:#111}td.unexpected{outline:3px solid #6a1b9a;outline-offset:-3px}.small{font-size:11px;color:#555}td .small a{font-weight:400;display:block}summary{cursor:pointer;color:#333}.error{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}ul.notes{margin:0 0 12px;padding-left:20px}`;

function word(v: Validity | undefined): string {
  return v === undefined ? "did not run" : v === true ? "valid" : v === false ? "invalid" : "unknown";
}

function cell(c: MatrixCell | undefined, absent: string, groupStart: boolean): string {
  const start = groupStart ? " g-start" : "";
  if (c === undefined) return `<td class="absent${start}">${e(absent)}</td>`;
  const unexpected = c.expected !== undefined && c.valid !== c.expected;
  const cls = `v-${c.valid === undefined ? "none" : String(c.valid)}${unexpected ? " unexpected" : ""}${start}`;
  const shown = c.label ?? word(c.valid);
  const text = c.href ? `<a href="${e(c.href)}">${e(shown)}</a>` : e(shown);
  const extra = [c.summary, unexpected ? `expected ${word(c.expected)}` : undefined].filter((s): s is string => Boolean(s));
  // An error (a process's last lines of stderr) shows its first lines; the whole of it on hover.
  const error = c.error ? `<div class="small error" title="${e(c.error)}">${e(c.error)}</div>` : "";
  const links = (c.links ?? []).map((l) => `<a href="${e(l.href)}">${e(l.text)}</a>`).join(" ");
  // Folded: a nightly's three runs per cell would otherwise make every row six lines tall.
  const runs = links ? `<details class="small"><summary>${c.links!.length} runs</summary>${links}</details>` : "";
  const title = c.why ? ` title="${e(c.why)}"` : "";
  return `<td class="${cls}" data-cell="${e(`${c.design}/${c.fault}`)}"${title}>${text}${error}${extra.map((s) => `<div class="small">${e(s)}</div>`).join("")}${runs}</td>`;
}

/** A fault's name, free to break after its hyphens, parentheses and commas. */
function faultName(fault: string): string {
  return e(fault).replace(/([-(,])/g, "$1<wbr>");
}

/** The columns in order, each marked when it starts a group, and the header rows (a row of group names when grouped). */
function columns(m: MatrixModel): { faults: { name: string; groupStart: boolean }[]; head: string } {
  const groups = m.groups ?? [{ name: "", faults: m.faults }];
  const faults = groups.flatMap((g) => g.faults.map((name, i) => ({ name, groupStart: i === 0 && m.groups !== undefined })));
  const names = `${faults.map((f) => `<th${f.groupStart ? ` class="g-start"` : ""}>${faultName(f.name)}</th>`).join("")}</tr>`;
  if (m.groups === undefined) return { faults, head: `<tr><th class="design">design</th>${names}` };
  const row = groups.map((g) => `<th class="group g-start" colspan="${g.faults.length}">${e(g.name)}</th>`).join("");
  return { faults, head: `<tr><th class="design" rowspan="2">design</th>${row}</tr>\n<tr>${names}` };
}

/** The notes under the title, one short line each. */
function notes(lines: readonly string[]): string {
  return lines.length === 0 ? "" : `<ul class="notes">${lines.map((n) => `<li>${e(n)}</li>`).join("")}</ul>`;
}

/** Renders the matrix page. Pure. */
export function renderMatrixHtml(m: MatrixModel): string {
  const byKey = new Map(m.cells.map((c) => [`${c.design}\u0000${c.fault}`, c]));
  const { faults, head } = columns(m);
  const absent = m.absent ?? "not run";
  const rows = m.designs.map((d) => `<tr><th class="design">${e(d.name)}<div class="small">${e(d.description)}</div></th>${faults.map((f) => cell(byKey.get(`${d.name}\u0000${f.name}`), absent, f.groupStart)).join("")}</tr>`);
  const grouped = m.groups === undefined ? "" : ", grouped by what they break";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(m.title)}</title><style>${STYLE}</style></head>
<body><h1>${e(m.title)}</h1>${notes(m.notes ?? [])}<p>Rows are designs, columns are faults${grouped}; each cell is the run's verdict and links to its report (hover for why that verdict is expected). A purple outline marks a verdict other than the one expected; a grey &ldquo;${e(absent)}&rdquo;, a pair this run did not make.</p>
<div class="matrix"><table style="min-width:${15 + 3.5 * faults.length}em">
<colgroup><col class="design">${faults.map(() => "<col>").join("")}</colgroup>
<thead>${head}</thead>
<tbody>
${rows.join("\n")}
</tbody>
</table></div>
<p>Run it again:</p><pre>${e(m.command)}</pre>
</body></html>
`;
}
