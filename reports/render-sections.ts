/** The report's text sections: verdicts, story, summary, checkers, findings, run. */
import type { CheckValidity } from "../core/index.js";
import { escapeHtml as e } from "./html-escape.js";
import type { ReportModel } from "./report-model.js";
import type { SummaryCounts } from "./summary.js";

/** The CSS class suffix of a validity: "true", "false", "unknown" or "na". */
export function validityClass(valid: CheckValidity): string {
  return valid === "n/a" ? "na" : String(valid);
}

/** A coloured verdict badge. */
export function badge(valid: CheckValidity, text: string): string {
  return `<span class="badge v-${validityClass(valid)}">${e(text)}</span>`;
}

/** "valid", "invalid", "unknown" or "not applicable". */
export function word(valid: CheckValidity): string {
  return valid === true ? "valid" : valid === false ? "invalid" : valid === "n/a" ? "not applicable" : "unknown";
}

/** The verdict banner with every checker's verdict. */
export function verdictHeader(m: ReportModel): string {
  const checkers = m.checkers.map((c) => `<li>${badge(c.valid, word(c.valid))} ${e(c.name)}</li>`).join("");
  const reason = m.verdictReason === undefined ? "" : `<p class="verdict-reason">${e(m.verdictReason)}</p>`;
  const vacuous = m.vacuous === undefined ? "" : `<p class="verdict-vacuous">Vacuous: ${e(m.vacuous)}</p>`;
  const hazards = m.hazards === undefined ? "" : `<p class="verdict-hazards">Hazards: ${e(m.hazards)}</p>`;
  return `<header class="verdict v-${String(m.verdict)}"><h1>${e(m.verdictWord)}</h1>${reason}${vacuous}${hazards}<p>${e(m.title)}</p>
<ul class="checker-verdicts">${checkers}</ul></header>`;
}

/** The story of the first violation, in the seed's words. */
export function storySection(m: ReportModel): string {
  const facts = m.story.facts.map((f) => `<li>${e(f.text)}</li>`).join("\n");
  const zoom = m.focus ? `<p><button type="button" data-fc="focus">Show this in the timelines</button></p>` : "";
  return `<section class="story"><h2>${e(m.story.headline)}</h2>
${facts ? `<ol>\n${facts}\n</ol>` : ""}
<p class="conclusion">${e(m.story.conclusion)}</p>${zoom}</section>`;
}

const SUMMARY_LABELS: readonly [keyof SummaryCounts, string][] = [
  ["ops", "Client ops"], ["clients", "Client processes"], ["grants", "Leases granted"],
  ["writesAcknowledged", "Writes acknowledged"], ["writesRejected", "Writes rejected"], ["writesIndeterminate", "Writes indeterminate"],
  ["faults", "Fault periods"], ["staleAccepted", "Stale writes accepted"], ["staleRejected", "Stale writes rejected"],
  ["overlaps", "Lease overlaps"], ["overlapsBeforeExpiry", "Overlaps before expiry"], ["lostUpdates", "Lost updates"],
];

/** The headline numbers. */
export function summarySection(s: SummaryCounts): string {
  const rows = SUMMARY_LABELS.map(([k, label]) => `<tr><td>${e(label)}</td><td>${e(s[k] ?? "unknown")}</td></tr>`);
  return `<section><h2>Summary</h2><table class="summary">\n${rows.join("\n")}\n</table></section>`;
}

/** Each checker's findings and raw result. */
export function checkersSection(m: ReportModel): string {
  const blocks = m.checkers.map((c) => `<h3>${e(c.name)} ${badge(c.valid, word(c.valid))}</h3>
<ul>${c.lines.map((l) => `<li>${e(l)}</li>`).join("")}</ul>
<details><summary>Raw result</summary><pre>${e(c.detail)}</pre></details>`);
  return `<section><h2>Checkers</h2>\n${blocks.join("\n")}</section>`;
}

/** Lease overlaps and the final state of each resource. */
export function findingsSection(m: ReportModel): string {
  const overlaps = m.overlaps.length === 0 ? "<p>No two clients believed they held a resource at the same time.</p>"
    : `<ul>${m.overlaps.slice(0, 50).map((o) => `<li>${e(o.text)}</li>`).join("")}</ul>${m.overlaps.length > 50 ? `<p>and ${m.overlaps.length - 50} more.</p>` : ""}`;
  const finals = m.finalState.length === 0 ? "<p>No resource was written.</p>"
    : `<ul>${m.finalState.map((f) => `<li>${badge(f.valid, word(f.valid))} ${e(f.text)}</li>`).join("")}</ul>`;
  return `<section><h2>Lease overlaps</h2>${overlaps}<h2>Final state</h2>${finals}</section>`;
}

/** Where each node ran, for a run on the user's hosts (ssh runtime). */
function placementLine(m: ReportModel): string {
  const placement = m.run.config.ssh?.placement;
  if (!placement) return "";
  const pairs = Object.entries(placement).map(([node, host]) => `${node} on ${host}`).join(", ");
  return `<p>Nodes on hosts (ssh runtime, as ${e(m.run.config.ssh?.user ?? "root")}): ${e(pairs)}.</p>`;
}

/** Seed, configuration and the command that runs it again. */
export function runSection(m: ReportModel): string {
  return `<section><h2>Run</h2><p>Seed ${e(m.run.seed)}, lock adapter ${e(m.run.lockAdapter)}, ${e(m.run.storageKind)} storage, lease ${e(m.run.ttlMs)} ms, faults: ${e(m.run.faults.join(", ") || "none")}.</p>${placementLine(m)}
<p>Clients bound to lock nodes (each client's endpoint list starts at its own): ${e(m.run.bindings.join(", "))}.</p>
<p>Run it again:</p><pre class="command">${e(m.run.command)}</pre>
<details open><summary>Configuration</summary><pre>${e(JSON.stringify(m.run.config, null, 2))}</pre></details></section>`;
}
