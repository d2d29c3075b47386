/**
 * A mutex with an owner: `acquire` succeeds only when the lock is free and
 * makes the calling process the owner; `release` succeeds only for the
 * owner. (Knossos's mutex has no owner; keeping it catches a release by the
 * wrong process.) Failed ops are dropped; an unknown output applies the op
 * when it is legal and otherwise changes nothing.
 */
import { type Model } from "../model.js";
import { type ModelSpec } from "./spec.js";
/** acquire or release by `process`. */
export interface MutexInput {
    readonly acquire: boolean;
    readonly process: number;
}
/** The owner's process id, or null when free. */
export type MutexState = number | null;
/** The mutex model starting with `initial` as owner (null: free). */
export declare function mutexModel(initial: MutexState): Model<MutexState, MutexInput, null>;
/** `mutex`: acquire/release with owner. */
export declare const mutexSpec: ModelSpec<MutexState, MutexInput, null>;
