/**
 * The report as one self-contained HTML file: inline CSS and SVG, no
 * scripts, no network. Verdict first, then the story, the checkers, the
 * timeline, and how to run it again. Every string from data is escaped.
 */
import type { Validity } from "../harness/core/index.js";
import { escapeHtml as e } from "./html-escape.js";
import type { ReportModel } from "./report-model.js";
import type { SummaryCounts } from "./summary.js";
import { BAR_COLORS, renderTimelineSvg } from "./timeline-svg.js";

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 16px 48px;color:#222}
.verdict{padding:18px 24px;margin:16px 0;border-radius:8px;color:#fff}.verdict h1{margin:0;font-size:44px}
.v-true{background:#2e7d32}.v-false{background:#c62828}.v-unknown{background:#6d6d6d}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;color:#fff;font-size:13px;vertical-align:middle}
.story li{margin:4px 0}.conclusion{font-weight:600}.time{color:#666;font-variant-numeric:tabular-nums}
table{border-collapse:collapse}td{padding:2px 12px 2px 0}pre{background:#f4f4f4;padding:8px;overflow:auto}
.timeline text{font-size:11px}.tick{fill:#666}.fault-label{fill:#7a5b00}.legend span{margin-right:14px}
.swatch{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle}`;

function badge(valid: Validity, word: string): string {
  return `<span class="badge v-${String(valid)}">${e(word)}</span>`;
}

function word(valid: Validity): string {
  return valid === true ? "valid" : valid === false ? "invalid" : "unknown";
}

function storySection(m: ReportModel): string {
  const facts = m.story.facts.map((f) => `<li>${e(f.text)}</li>`).join("\n");
  return `<section class="story"><h2>${e(m.story.headline)}</h2>
${facts ? `<ol>\n${facts}\n</ol>` : ""}
<p class="conclusion">${e(m.story.conclusion)}</p></section>`;
}

const SUMMARY_LABELS: readonly [keyof SummaryCounts, string][] = [
  ["ops", "Client ops"], ["clients", "Client processes"], ["grants", "Leases granted"],
  ["writesAcknowledged", "Writes acknowledged"], ["writesRejected", "Writes rejected"], ["writesIndeterminate", "Writes indeterminate"],
  ["faults", "Fault periods"], ["staleAccepted", "Stale writes accepted"], ["staleRejected", "Stale writes rejected"],
  ["overlaps", "Lease overlaps"], ["overlapsBeforeExpiry", "Overlaps before expiry"], ["lostUpdates", "Lost updates"],
];

function summarySection(s: SummaryCounts): string {
  const rows = SUMMARY_LABELS.map(([k, label]) => `<tr><td>${e(label)}</td><td>${e(s[k] ?? "unknown")}</td></tr>`);
  return `<section><h2>Summary</h2><table>\n${rows.join("\n")}\n</table></section>`;
}

function checkersSection(m: ReportModel): string {
  const blocks = m.checkers.map((c) => `<h3>${e(c.name)} ${badge(c.valid, word(c.valid))}</h3>
<ul>${c.lines.map((l) => `<li>${e(l)}</li>`).join("")}</ul>
<details><summary>Raw result</summary><pre>${e(c.detail)}</pre></details>`);
  return `<section><h2>Checkers</h2>\n${blocks.join("\n")}</section>`;
}

function findingsSection(m: ReportModel): string {
  const overlaps = m.overlaps.length === 0 ? "<p>No two clients believed they held a resource at the same time.</p>"
    : `<ul>${m.overlaps.map((o) => `<li>${e(o.text)}</li>`).join("")}</ul>`;
  const finals = m.finalState.length === 0 ? "<p>No resource was written.</p>"
    : `<ul>${m.finalState.map((f) => `<li>${badge(f.valid, word(f.valid))} ${e(f.text)}</li>`).join("")}</ul>`;
  return `<section><h2>Lease overlaps</h2>${overlaps}<h2>Final state</h2>${finals}</section>`;
}

function timelineSection(m: ReportModel): string {
  const legend = Object.entries(BAR_COLORS).map(([t, c]) => `<span><i class="swatch" style="background:${c}"></i>${e(t)}</span>`).join("");
  const note = m.timeline.note ? `<p>${e(m.timeline.note)}.</p>` : "";
  return `<section><h2>Timeline</h2>${note}<p class="legend">${legend}<span>shaded: fault periods</span></p>
${renderTimelineSvg(m.timeline)}</section>`;
}

function runSection(m: ReportModel): string {
  return `<section><h2>Run</h2><p>Seed ${e(m.run.seed)}, lock adapter ${e(m.run.lockAdapter)}, ${e(m.run.storageKind)} storage, lease ${e(m.run.ttlMs)} ms, faults: ${e(m.run.faults.join(", ") || "none")}.</p>
<p>Run it again:</p><pre>${e(m.run.command)}</pre>
<details><summary>Configuration</summary><pre>${e(JSON.stringify(m.run.config, null, 2))}</pre></details></section>`;
}

/** Renders the model as one self-contained HTML document. Pure. */
export function renderHtml(m: ReportModel): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(m.title)}: ${e(m.verdictWord)}</title><style>${STYLE}</style></head>
<body>
<header class="verdict v-${String(m.verdict)}"><h1>${e(m.verdictWord)}</h1><p>${e(m.title)}</p></header>
${storySection(m)}
${summarySection(m.summary)}
${checkersSection(m)}
${findingsSection(m)}
${timelineSection(m)}
${runSection(m)}
</body></html>
`;
}
