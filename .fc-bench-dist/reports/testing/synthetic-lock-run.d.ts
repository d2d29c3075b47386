/**
 * A synthetic lock-workload run of any size, for the report's browser test
 * and benchmark: workers acquire a resource, write under its token and
 * release; now and then the nemesis pauses a lease holder past its lease,
 * so that it wakes and writes with a stale token, which fenced storage
 * rejects and unfenced storage accepts. Deterministic for a seed. Pure.
 */
import { type Op, type RunConfig, type StorageKind, type StorageRecord } from "../../harness/core/index.js";
/** Size and shape of the run. */
export interface SyntheticRunOptions {
    readonly ops: number;
    readonly storage: StorageKind;
    readonly seed?: number;
    readonly workers?: number;
    readonly resources?: number;
    readonly ttlMs?: number;
    /** Chance that a grant is followed by a pause of its holder (default 0.02). */
    readonly pauseChance?: number;
}
/** The recorded data of a synthetic run (the config is left to the caller). */
export interface SyntheticRun {
    readonly history: Op[];
    readonly storage: StorageRecord[];
    readonly config: Pick<RunConfig, "workload">["workload"];
}
/** Generates a run of about `options.ops` ops (invocations and completions). */
export declare function syntheticLockRun(options: SyntheticRunOptions): SyntheticRun;
