/**
 * Typed views of stored checker results. Results come from results.json, so
 * each view checks the shape it relies on and yields undefined otherwise
 * (for example when the checker threw and left `{valid: "unknown", error}`).
 */
import type { CheckResult } from "../harness/core/index.js";
import type { FencingResult, FinalStateResult, LeaseOverlapResult, LinearizableResult, StatsResult } from "../checkers/index.js";
type Results = Readonly<Record<string, CheckResult>>;
/** The fencing checker's result, if present and well formed. */
export declare function fencingResult(results: Results): FencingResult | undefined;
/** The lease-overlap checker's result, if present and well formed. */
export declare function leaseOverlapResult(results: Results): LeaseOverlapResult | undefined;
/** The final-state checker's result, if present and well formed. */
export declare function finalStateResult(results: Results): FinalStateResult | undefined;
/** The stats checker's result, if present and well formed. */
export declare function statsResult(results: Results): StatsResult | undefined;
/** The linearizable checker's result, if present and well formed. */
export declare function linearizableResult(results: Results): LinearizableResult | undefined;
export {};
