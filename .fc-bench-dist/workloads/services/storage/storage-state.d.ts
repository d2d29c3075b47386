/**
 * The storage service's decisions, pure. `fenced` storage accepts a write
 * only when its token is at least the highest token it has accepted for the
 * key (equal tokens pass: the same holder may write twice); a write without a
 * token is refused. `unfenced` storage accepts everything, like a plain file
 * or an object store without conditions, but still tracks the highest token
 * so the record shows what fencing would have done.
 */
import { type StorageRecord, type Token } from "../../../harness/core/index.js";
/**
 * `cas` accepts a write only when the version it carries (the one its
 * writer read) is still the key's current version; `file` decides like
 * `unfenced` (the server also keeps each key as a plain file).
 */
export type StorageMode = "fenced" | "unfenced" | "cas" | "file";
/** One write as the service received it. */
export interface StorageWrite {
    readonly key: string;
    readonly value: string;
    readonly token: Token | null;
    readonly client: string;
    /** The version the writer read (only `cas` looks at it). */
    readonly version?: string | null;
}
/** What the service did with a write. `highest` is the highest token accepted before it. */
export type StorageDecision = {
    readonly accepted: true;
    readonly highest: Token | null;
} | {
    readonly accepted: false;
    readonly reason: "stale-token" | "missing-token" | "version-conflict" | "missing-version";
    readonly highest: Token | null;
};
/** A write that was accepted: what the journal keeps and replays. */
export interface AcceptedWrite {
    readonly key: string;
    readonly value: string;
    readonly token: Token | null;
}
/** What a read returns: null and null when the key was never written. */
export interface StoredValue {
    readonly value: string | null;
    readonly token: Token | null;
}
/** The state of one storage node. */
export interface StorageState {
    /** Decides a write and, when accepted, applies it. */
    write(write: StorageWrite): StorageDecision;
    /** Applies an already accepted write unconditionally (journal replay). */
    apply(write: AcceptedWrite): void;
    read(key: string): StoredValue;
    /** The key's version: how many writes it has accepted, as a decimal string ("0" when never written). */
    version(key: string): string;
    /** The highest token accepted for `key`, or null. */
    highest(key: string): Token | null;
}
/** Creates an empty storage state for `mode`. */
export declare function createStorageState(mode: StorageMode): StorageState;
/** Where and when a decision was made, for its record. */
export interface DecisionContext {
    readonly node: string;
    readonly mode: StorageMode;
    /** Harness-monotonic nanoseconds. */
    readonly time: number;
}
/** The storage.jsonl line for one decision. */
export declare function storageRecord(write: StorageWrite, decision: StorageDecision, context: DecisionContext): StorageRecord;
