import { fencingChecker } from "./fencing/fencing-checker.js";
import { finalStateChecker } from "./final-state/final-state-checker.js";
import { leaseOverlapChecker } from "./lease-overlap/lease-overlap-checker.js";
import { linearizableChecker } from "./linearizable/linearizable-checker.js";
import { lockServiceChecker } from "./lock-service/lock-service-checker.js";
import { statsChecker } from "./stats/stats-checker.js";
/** Fencing, lease-overlap, lock-service, final-state, linearizable and stats, in that order; pass to `compose`. */
export function lockCheckers() {
    return [fencingChecker(), leaseOverlapChecker(), lockServiceChecker(), finalStateChecker(), linearizableChecker(), statsChecker()];
}
//# sourceMappingURL=lock-checkers.js.map