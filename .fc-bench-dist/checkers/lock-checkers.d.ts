/** The default checkers of lock workloads. */
import type { Checker } from "../harness/core/index.js";
/** Fencing, lease-overlap, lock-service, final-state, linearizable and stats, in that order; pass to `compose`. */
export declare function lockCheckers(): Checker[];
