/**
 * Lease overlap: two clients believed they held the same resource at the
 * same time. With leases this is expected after expiry (a paused holder
 * wakes up still believing), and it is the reason fencing exists; it is a
 * violation only when the lock service certainly granted the resource twice
 * before the first lease could have expired.
 */
import { type CheckInput, type CheckResult, type Checker, type Validity } from "../../harness/core/index.js";
import { type Belief } from "./belief-intervals.js";
/** What happened to the earlier holder's writes after the second grant. */
export type OverlapWrites = "none" | "rejected" | "accepted" | "indeterminate";
/** Two clients' overlapping beliefs on one resource. Times are harness nanoseconds. */
export interface LeaseOverlap {
    readonly resource: string;
    /** The client that was granted first. */
    readonly first: Belief;
    readonly second: Belief;
    readonly overlapStart: number;
    readonly overlapEnd: number;
    /** The second grant may have come after the first lease expired on the server (lock service may be right). */
    readonly afterExpiry: boolean;
    /** The lock service certainly granted the resource twice before expiry: a violation. */
    readonly certain: boolean;
    /**
     * The earlier holder's writes after the second grant while it still
     * believed it held the lease (possibly after the second holder released:
     * those writes are stale all the same).
     */
    readonly earlierWrites: OverlapWrites;
    /** True when the earlier holder wrote after the second grant and storage rejected every such write. */
    readonly savedByFencing: boolean;
}
/** The lease-overlap checker's verdict. */
export interface LeaseOverlapResult extends CheckResult {
    readonly valid: Validity;
    readonly overlaps: readonly LeaseOverlap[];
    readonly ttlMs: number;
}
/** The lease-overlap checker (name "lease-overlap"). Pure. */
export declare function leaseOverlapChecker(): Checker<LeaseOverlapResult>;
/** Checks one run's history against the configured lease time to live. */
export declare function checkLeaseOverlap(input: Pick<CheckInput, "config" | "history">): LeaseOverlapResult;
