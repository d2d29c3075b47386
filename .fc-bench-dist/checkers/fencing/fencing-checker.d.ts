/**
 * Fencing: storage must never accept a write whose token is below one it
 * already accepted for the same key (divergence), and the lock service must
 * grant unique tokens that increase in real-time grant order.
 */
import { type CheckInput, type CheckResult, type Checker, type StorageRecord, type Validity } from "../../harness/core/index.js";
import { type LockServiceViolation } from "./lock-service-order.js";
/** A write storage decided on while a higher token was already accepted for its key. */
export interface StaleWrite {
    readonly key: string;
    /** The writer's token, below `highestToken`. */
    readonly staleToken: string;
    readonly highestToken: string;
    /** The writer's client id (its process id as a string). */
    readonly client: string;
    readonly value: string;
    /** Harness nanoseconds of the storage record. */
    readonly time: number;
    readonly accepted: boolean;
    /** The accepted write that carried `highestToken`. */
    readonly earlier: {
        readonly client: string;
        readonly value: string;
        readonly time: number;
    };
}
/** The fencing checker's verdict and evidence. */
export interface FencingResult extends CheckResult {
    readonly valid: Validity;
    /** False when no storage records exist although writes were acknowledged. */
    readonly storageKnown: boolean;
    /** Stale writes storage accepted, in storage order. */
    readonly violations: readonly StaleWrite[];
    /** How many stale writes storage rejected (no violation). */
    readonly staleRejected: number;
    /** The stale writes storage rejected, in storage order. */
    readonly rejections: readonly StaleWrite[];
    /** Stale writes seen at all: accepted plus rejected. */
    readonly staleAttempts: number;
    readonly lockServiceViolations: readonly LockServiceViolation[];
    /** Writes storage accepted. */
    readonly writes: number;
}
/** Folds storage records into stale writes; pure, O(n). */
export declare function staleWrites(storage: readonly StorageRecord[]): {
    stale: StaleWrite[];
    accepted: number;
};
/** The fencing checker (name "fencing"). Pure. */
export declare function fencingChecker(): Checker<FencingResult>;
/** Checks one run's storage records and acquire grants. */
export declare function checkFencing(input: CheckInput): FencingResult;
