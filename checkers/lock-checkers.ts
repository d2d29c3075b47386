/** The default checkers of lock workloads. */
import type { Checker } from "../core/index.js";
import { fencingChecker } from "./fencing/fencing-checker.js";
import { finalStateChecker } from "./final-state/final-state-checker.js";
import { leaseOverlapChecker } from "./lease-overlap/lease-overlap-checker.js";
import { linearizableChecker } from "./fenced-register/linearizable-checker.js";
import { lockServiceChecker } from "./lock-service/lock-service-checker.js";
import { realTimeChecker } from "./real-time/real-time-checker.js";
import { statsChecker } from "./stats/stats-checker.js";

/** Fencing, real-time, lease-overlap, lock-service, final-state, linearizable and stats, in that order; pass to `compose`. */
export function lockCheckers(): Checker[] {
  return [fencingChecker(), realTimeChecker(), leaseOverlapChecker(), lockServiceChecker(), finalStateChecker(), linearizableChecker(), statsChecker()];
}
