/**
 * When a frozen holder's keep-alive lease had certainly ended. A keep-alive
 * lease ends one TTL after the last renewal that took effect. Where the
 * holder's own process renews it with a local system call (the adapter's
 * `renewedBy: "holder-process"`, checkers/lease), a holder the nemesis
 * froze (SIGSTOP or the freezer; the pause returns once the process is
 * stopped) made its last renewal before the pause returned, so if it was
 * still frozen one TTL later (stretched by the lease model's margin for the
 * clocks that judge it), its lease had certainly ended by then.
 *
 * Not where renewals cross the network (a request sent just before the
 * freeze may reach the service at any later time), nor in a run whose
 * nemesis moved a clock (the TTL is judged by the clocks of the holder,
 * which stamps its renewals, and of its contenders). Pure.
 */
import type { History } from "../../core/index.js";
import type { LeaseRules, LeaseTable } from "../lease/index.js";

/** A pause of one client process: the nodes frozen, when the pause returned, and when the next resume of them was asked (Infinity: never). */
interface Freeze {
  readonly process: number;
  readonly frozenAt: number;
  readonly resumeAskedAt: number;
}

/** Per lease of `leases`, the instant by which it had certainly ended because its holder was frozen; NaN where none is known. */
export function frozenHolderExpiry(history: History, leases: LeaseTable, rules: LeaseRules): Float64Array {
  const ended = new Float64Array(leases.length).fill(Number.NaN);
  if (!rules.holderRenews || history.some((op) => op.process === "nemesis" && op.f === "clock")) return ended;
  const freezes = holderFreezes(history);
  for (let i = 0; i < leases.length; i++) {
    const from = leases.grantedAt[i] as number;
    const until = leases.believedUntil[i] as number;
    for (const f of freezes) {
      if (f.process !== leases.process[i] || f.frozenAt < from || f.frozenAt > until) continue;
      const bound = f.frozenAt + rules.longestNs;
      if (f.resumeAskedAt >= bound) ended[i] = Math.min(Number.isNaN(ended[i] as number) ? Infinity : (ended[i] as number), bound);
    }
  }
  return ended;
}

/** The history's pauses aimed at a client process (`value.process`) that returned without an error, each with its nodes' next resume. */
function holderFreezes(history: History): Freeze[] {
  const open: { process: number; nodes: readonly unknown[] }[] = [];
  const freezes: { process: number; nodes: readonly unknown[]; frozenAt: number; resumeAskedAt: number }[] = [];
  for (const op of history) {
    if (op.process !== "nemesis") continue;
    const v = op.value as { process?: unknown; nodes?: unknown } | null;
    const nodes = Array.isArray(v?.nodes) ? v.nodes : [];
    if (op.f === "pause" && op.type === "invoke") open.push({ process: typeof v?.process === "number" ? v.process : -1, nodes });
    if (op.f === "pause" && op.type !== "invoke") {
      const started = open.shift();
      if (started && started.process !== -1 && (op.type === "ok" || op.type === "info") && !("error" in op && op.error !== undefined)) freezes.push({ ...started, frozenAt: op.time, resumeAskedAt: Infinity });
    }
    if (op.f === "resume" && op.type === "invoke") {
      // A resume that names no node may have resumed any.
      for (const f of freezes) if (f.resumeAskedAt === Infinity && (nodes.length === 0 || f.nodes.some((n) => nodes.includes(n)))) f.resumeAskedAt = op.time;
    }
  }
  return freezes;
}
