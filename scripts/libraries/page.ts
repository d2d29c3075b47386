/**
 * The libraries page: a table of libraries by faults, each cell the
 * verdicts with unfenced and with protective storage, each verdict linked
 * to its one sentence of why, listed under the table. Rendered as markdown
 * (docs/measurements/libraries.md) and as a standalone HTML page.
 * Pure.
 */
import { FAULTS, LIBRARIES, type Cell } from "./cells.js";
import type { CellVerdict } from "./why.js";

/** A cell and what its run showed. */
export interface CellResult {
  readonly cell: Cell;
  readonly result: CellVerdict;
}

/** When and from what the page was made. */
export interface PageStamp {
  readonly date: string;
  readonly commit: string;
  /** The machine the runs were made on, in a few words ("2 cores, load average 3.1 at the start"). */
  readonly machine: string;
  readonly seed: number;
  readonly timeLimitS: number;
  readonly acquireTimeoutMs: number;
}

function find(results: readonly CellResult[], adapter: string, fault: string, storage: string): CellResult | undefined {
  return results.find((r) => r.cell.library.adapter === adapter && r.cell.fault.label === fault && r.cell.storage === storage);
}

function stampLine(stamp: PageStamp): string {
  return `Measured ${stamp.date} at commit ${stamp.commit} on ${stamp.machine}: each cell is one \`fencecheck run\` (local runtime, 5 clients, 2 resources, TTL 2000 ms, --time-limit ${stamp.timeLimitS}, --seed ${stamp.seed}, --acquire-timeout-ms ${stamp.acquireTimeoutMs}), made by \`npm run libraries\`.`;
}

/** The markdown table and the sentences under it; `link` makes each verdict's link target from the cell's id. */
export function renderMarkdown(results: readonly CellResult[], stamp: PageStamp, link: (id: string) => string = (id) => `#${id}`): string {
  const head = `| library (npm) | token | ${FAULTS.map((f) => f.label).join(" | ")} |`;
  const rule = `| --- | --- | ${FAULTS.map(() => "---").join(" | ")} |`;
  const rows = LIBRARIES.map((lib) => {
    const cells = FAULTS.map((fault) => ["unfenced", lib.protective].map((storage) => {
      const r = find(results, lib.adapter, fault.label, storage);
      return r ? `${storage}: [${r.result.verdict}](${link(r.cell.id)})` : `${storage}: not run`;
    }).join("<br>"));
    const token = lib.protective === "fenced" ? "yes" : "none";
    return `| \`${lib.adapter}\` (${lib.npm}) | ${token} | ${cells.join(" | ")} |`;
  });
  const whys = results.map((r) => `- <a id="${r.cell.id}"></a>**${r.cell.library.adapter}, ${r.cell.fault.label}, ${r.cell.storage}: ${r.result.verdict}.** ${r.result.why}`);
  return [stampLine(stamp), "", head, rule, ...rows, "", "Why, cell by cell:", "", ...whys, ""].join("\n");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Inline code spans (`x`) as <code>, the rest escaped. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

/** The standalone HTML page. */
export function renderHtml(results: readonly CellResult[], stamp: PageStamp): string {
  const head = `<tr><th>library (npm)</th><th>token</th>${FAULTS.map((f) => `<th>${escapeHtml(f.label)}</th>`).join("")}</tr>`;
  const rows = LIBRARIES.map((lib) => {
    const cells = FAULTS.map((fault) => ["unfenced", lib.protective].map((storage) => {
      const r = find(results, lib.adapter, fault.label, storage);
      if (!r) return `${storage}: not run`;
      return `${storage}: <a class="${r.result.verdict}" href="#${r.cell.id}">${r.result.verdict}</a>`;
    }).join("<br>"));
    return `<tr><td><code>${escapeHtml(lib.adapter)}</code> (${escapeHtml(lib.npm)})</td><td>${lib.protective === "fenced" ? "yes" : "none"}</td>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
  });
  const whys = results.map((r) => `<li id="${r.cell.id}"><b>${escapeHtml(`${r.cell.library.adapter}, ${r.cell.fault.label}, ${r.cell.storage}: ${r.result.verdict}.`)}</b> ${inline(r.result.why)}</li>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>What fencecheck finds in popular lock libraries</title>
<style>body{font-family:sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem;vertical-align:top}
.INVALID{color:#b00;font-weight:bold}.valid{color:#070}.unknown,.refused,.error{color:#a60}li{margin:.3rem 0}li:target{background:#ffd}</style></head>
<body><h1>What fencecheck finds in popular lock libraries</h1>
<p>${inline(stampLine(stamp))}</p>
<table>${head}${rows.join("")}</table>
<h2>Why, cell by cell</h2><ul>${whys.join("")}</ul></body></html>
`;
}
