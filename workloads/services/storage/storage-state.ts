/**
 * The storage service's decisions, pure. `fenced` storage accepts a write
 * only when its token is at least the highest token it has accepted for the
 * key (equal tokens pass: the same holder may write twice); a write without a
 * token is refused. `unfenced` storage accepts everything, like a plain file
 * or an object store without conditions, but still tracks the highest token
 * so the record shows what fencing would have done.
 */
import { compareTokens, type StorageRecord, type Token } from "../../../core/index.js";

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
export type StorageDecision =
  | { readonly accepted: true; readonly highest: Token | null }
  | { readonly accepted: false; readonly reason: "stale-token" | "missing-token" | "version-conflict" | "missing-version"; readonly highest: Token | null };

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

interface KeyState {
  readonly writes: number;
  readonly value: string;
  readonly token: Token | null;
  readonly highest: Token | null;
}

/** Creates an empty storage state for `mode`. */
export function createStorageState(mode: StorageMode): StorageState {
  const keys = new Map<string, KeyState>();

  function apply(write: AcceptedWrite): void {
    const before = keys.get(write.key);
    keys.set(write.key, {
      writes: (before?.writes ?? 0) + 1, value: write.value, token: write.token, highest: maxToken(before?.highest ?? null, write.token),
    });
  }

  return {
    write(write) {
      const highest = keys.get(write.key)?.highest ?? null;
      if (mode === "fenced") {
        if (write.token === null) return { accepted: false, reason: "missing-token", highest };
        if (highest !== null && compareTokens(write.token, highest) < 0) {
          return { accepted: false, reason: "stale-token", highest };
        }
      }
      if (mode === "cas") {
        if (write.version === undefined || write.version === null) return { accepted: false, reason: "missing-version", highest };
        if (write.version !== String(keys.get(write.key)?.writes ?? 0)) return { accepted: false, reason: "version-conflict", highest };
      }
      apply(write);
      return { accepted: true, highest };
    },
    apply,
    read(key) {
      const entry = keys.get(key);
      return entry ? { value: entry.value, token: entry.token } : { value: null, token: null };
    },
    version: (key) => String(keys.get(key)?.writes ?? 0),
    highest: (key) => keys.get(key)?.highest ?? null,
  };
}

function maxToken(a: Token | null, b: Token | null): Token | null {
  if (a === null) return b;
  if (b === null) return a;
  return compareTokens(a, b) >= 0 ? a : b;
}

/** Where and when a decision was made, for its record. */
export interface DecisionContext {
  readonly node: string;
  readonly mode: StorageMode;
  /** Harness-monotonic nanoseconds. */
  readonly time: number;
}

/** The storage.jsonl line for one decision. */
export function storageRecord(write: StorageWrite, decision: StorageDecision, context: DecisionContext): StorageRecord {
  return {
    time: context.time,
    node: context.node,
    key: write.key,
    value: write.value,
    token: write.token,
    client: write.client,
    accepted: decision.accepted,
    highest: decision.highest,
    ...(decision.accepted ? {} : { reason: decision.reason }),
    mode: context.mode,
    // cas accepts exactly the writes whose version is current.
    ...(context.mode === "cas" ? { conditionHeld: decision.accepted } : {}),
    // The route decides and records in one synchronous step.
    serial: true,
  };
}
