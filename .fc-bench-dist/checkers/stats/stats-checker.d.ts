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
export declare function statsChecker(): Checker<StatsResult>;
/** Counts one run's ops. */
export declare function checkStats(input: Pick<CheckInput, "history">): StatsResult;
