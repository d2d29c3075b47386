/**
 * Typed views of stored checker results. Results come from results.json, so
 * each view checks the shape it relies on and yields undefined otherwise
 * (for example when the checker threw and left `{valid: "unknown", error}`).
 */
import type { CheckResult } from "../core/index.js";
import type {
  FencingResult, FinalStateResult, LeaseOverlapResult, LinearizableResult, LockServiceResult, RealTimeResult, StatsResult,
} from "../checkers/index.js";

type Results = Readonly<Record<string, CheckResult>>;

/** The fencing checker's result, if present and well formed. */
export function fencingResult(results: Results): FencingResult | undefined {
  const r = results["fencing"];
  return r && Array.isArray(r["violations"]) && Array.isArray(r["rejections"]) ? (r as FencingResult) : undefined;
}

/** The lease-overlap checker's result, if present and well formed. */
export function leaseOverlapResult(results: Results): LeaseOverlapResult | undefined {
  const r = results["lease-overlap"];
  return r && Array.isArray(r["overlaps"]) ? (r as LeaseOverlapResult) : undefined;
}

/** The final-state checker's result, if present and well formed. */
export function finalStateResult(results: Results): FinalStateResult | undefined {
  const r = results["final-state"];
  return r && Array.isArray(r["resources"]) ? (r as FinalStateResult) : undefined;
}

/** The stats checker's result, if present and well formed. */
export function statsResult(results: Results): StatsResult | undefined {
  const r = results["stats"];
  return r && typeof r["byF"] === "object" && r["byF"] !== null ? (r as StatsResult) : undefined;
}

/** The linearizable checker's result, if present and well formed. */
export function linearizableResult(results: Results): LinearizableResult | undefined {
  const r = results["linearizable"];
  return r && Array.isArray(r["counterexamples"]) ? (r as LinearizableResult) : undefined;
}

/** The real-time checker's result, if present and well formed. */
export function realTimeResult(results: Results): RealTimeResult | undefined {
  const r = results["real-time"];
  return r && Array.isArray(r["violations"]) && typeof r["applicable"] === "boolean" ? (r as RealTimeResult) : undefined;
}

/** The lock-service checker's result, if present and well formed. */
export function lockServiceResult(results: Results): LockServiceResult | undefined {
  const r = results["lock-service"];
  return r && Array.isArray(r["tokenViolations"]) && Array.isArray(r["doubleGrants"]) ? (r as LockServiceResult) : undefined;
}
