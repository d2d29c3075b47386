/**
 * Stats: how many ops of each f ended in each type. Always valid unless no
 * op succeeded at all, in which case nothing was tested ("unknown").
 */
import type { CheckInput, CheckResult, Checker, OpType, Validity } from "../../harness/core/index.js";

/** Counts of ops by type. */
export type TypeCounts = Readonly<Record<OpType, number>>;

/** The stats checker's result. */
export interface StatsResult extends CheckResult {
  readonly valid: Validity;
  /** Counts per f (client and nemesis ops alike). */
  readonly byF: Readonly<Record<string, TypeCounts>>;
  /** Counts over all ops. */
  readonly total: TypeCounts;
}

/** The stats checker (name "stats"). Pure. */
export function statsChecker(): Checker<StatsResult> {
  return { name: "stats", check: checkStats };
}

/** Counts one run's ops. */
export function checkStats(input: Pick<CheckInput, "history">): StatsResult {
  const byF: Record<string, Record<OpType, number>> = {};
  const total: Record<OpType, number> = { invoke: 0, ok: 0, fail: 0, info: 0 };
  for (const op of input.history) {
    const counts = (byF[op.f] ??= { invoke: 0, ok: 0, fail: 0, info: 0 });
    counts[op.type]++;
    total[op.type]++;
  }
  return { valid: total.ok > 0 ? true : "unknown", byF, total };
}
