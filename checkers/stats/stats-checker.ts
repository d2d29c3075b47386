/**
 * Stats: how many ops of each f ended in each type. Always valid unless no
 * op succeeded at all, in which case nothing was tested ("unknown"). A
 * nemesis op that ended with an error (a fault that did not take effect, or
 * a heal that failed) leaves the verdict as it is but is named in the
 * summary: the run tested less than was asked.
 */
import type { CheckInput, CheckResult, Checker, OpError, OpType, Validity } from "../../core/index.js";

/** Counts of ops by type. */
export type TypeCounts = Readonly<Record<OpType, number>>;

/** The stats checker's result. */
export interface StatsResult extends CheckResult {
  readonly valid: Validity;
  /** Counts per f (client and nemesis ops alike). */
  readonly byF: Readonly<Record<string, TypeCounts>>;
  /** Counts over all ops. */
  readonly total: TypeCounts;
  /** Nemesis ops that ended with an error. */
  readonly nemesisErrors: number;
  /** When some did: how many of how many, and the first one's f and message. */
  readonly summary?: string;
}

/** The stats checker (name "stats"). Pure. */
export function statsChecker(): Checker<StatsResult> {
  return { name: "stats", check: checkStats };
}

/** Counts one run's ops. */
export function checkStats(input: Pick<CheckInput, "history">): StatsResult {
  const byF: Record<string, Record<OpType, number>> = {};
  const total: Record<OpType, number> = { invoke: 0, ok: 0, fail: 0, info: 0 };
  let nemesisOps = 0;
  const nemesisErrors: { readonly f: string; readonly error: OpError }[] = [];
  for (const op of input.history) {
    const counts = (byF[op.f] ??= { invoke: 0, ok: 0, fail: 0, info: 0 });
    counts[op.type]++;
    total[op.type]++;
    if (op.process !== "nemesis") continue;
    if (op.type === "invoke") nemesisOps++;
    else if (op.type !== "ok" && op.error !== undefined) nemesisErrors.push({ f: op.f, error: op.error });
  }
  const first = nemesisErrors[0];
  const summary = first === undefined ? undefined
    : `stats: ${nemesisErrors.length} of ${nemesisOps} nemesis ops did not take effect, so the run tested less than asked; the first, ${first.f}: ${first.error.message}`;
  const none = total.ok > 0 ? {} : { reason: `no op succeeded (${total.invoke} invoked)` };
  return { valid: total.ok > 0 ? true : "unknown", ...none, byF, total, nemesisErrors: nemesisErrors.length, ...(summary ? { summary } : {}) };
}
