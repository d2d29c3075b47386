/**
 * The lock service's own promise, checked from the clients' history alone:
 * per resource, tokens are unique and increase in grant order (a grant that
 * certainly came after another has the higher token), and no two holders'
 * leases are certainly unexpired at once. Fencing (storage) and lease
 * overlap (clients' beliefs) are other checkers; this one says whether the
 * lock service itself broke its word.
 *
 * Availability is reported next to safety and never confused with it: when
 * acquires were tried and none was granted, the verdict is "unknown" (the
 * promise was never put to the test) with an "unavailable" summary; a
 * service that refuses everything is useless but not unsafe.
 */
import type { CheckInput, CheckResult, Checker, Validity } from "../../harness/core/index.js";
import { type LockServiceViolation } from "../fencing/lock-service-order.js";
import { type Availability } from "./availability.js";
import { type DoubleGrant } from "./double-grants.js";
/** The lock-service checker's verdict and evidence. */
export interface LockServiceResult extends CheckResult {
    readonly valid: Validity;
    /** One sentence: kept, broken (naming the first breach), or unavailable. */
    readonly summary: string;
    /** Duplicate tokens and tokens lower than an earlier grant's. */
    readonly tokenViolations: readonly LockServiceViolation[];
    /** Two holders certainly holding unexpired leases on one resource at once. */
    readonly doubleGrants: readonly DoubleGrant[];
    readonly availability: Availability;
}
/** The lock-service checker (name "lock-service"). Pure. */
export declare function lockServiceChecker(): Checker<LockServiceResult>;
/** Checks one run's acquires against the lock service's promise. */
export declare function checkLockService(input: Pick<CheckInput, "config" | "history">): LockServiceResult;
