/**
 * A few lines of text explaining a verdict for the terminal: for each
 * illegal partition, how far the longest linearizable prefix got, the state
 * it left, and the operations that could not be placed next.
 */
import type { LinearizabilityResult } from "../../checkers/index.js";

/** The explanation of `result`, one string per line (empty when ok). */
export function explainResult(result: LinearizabilityResult, maxOps = 6): string[] {
  const lines: string[] = result.reason === undefined ? [] : [`  ${result.reason}`];
  for (const p of result.info?.partitions ?? []) {
    const o = p.outcome;
    if (o.result === "unknown") {
      lines.push(`  partition ${p.index}: unknown (${o.reason ?? "stopped"}) after ${o.configurations} configurations`);
    }
    if (o.result !== "illegal") continue;
    lines.push(
      `  partition ${p.index} (${p.operations.length} ops): longest linearizable prefix ${o.linearization.length} ops, state ${o.state}`,
    );
    const last = o.linearization.slice(-3).map((i) => p.descriptions[i] ?? "");
    if (last.length > 0) lines.push(`    last placed: ${last.join("; ")}`);
    const stuck = o.stuck.slice(0, maxOps).map((i) => `p${p.operations[i]?.clientId ?? "?"} ${p.descriptions[i] ?? ""}`);
    const more = o.stuck.length > maxOps ? ` (+${o.stuck.length - maxOps} more)` : "";
    lines.push(`    cannot place next: ${stuck.join("; ")}${more}`);
  }
  return lines;
}
