/** The default checkers of lock workloads. */
import type { Checker } from "../harness/core/index.js";
import { fencingChecker } from "./fencing/fencing-checker.js";
import { finalStateChecker } from "./final-state/final-state-checker.js";
import { leaseOverlapChecker } from "./lease-overlap/lease-overlap-checker.js";
import { statsChecker } from "./stats/stats-checker.js";

/** Fencing, lease-overlap, final-state and stats, in that order; pass to `compose`. */
export function lockCheckers(): Checker[] {
  return [fencingChecker(), leaseOverlapChecker(), finalStateChecker(), statsChecker()];
}
