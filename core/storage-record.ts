/**
 * One line of storage.jsonl: what a storage node did with one write. This is
 * the ground truth the fencing checker reads. One node's lines appear in
 * the order it applied the writes.
 */
import type { Token } from "./token.js";

export interface StorageRecord {
  /**
   * Harness-monotonic nanoseconds by the storage node's own monotonic clock
   * (shared with the host's unless a clock fault moved it: never an order
   * of decisions, which the record's position gives).
   */
  readonly time: number;
  readonly node: string;
  readonly key: string;
  readonly value: string;
  /** The fencing token the writer presented; null when it had none. */
  readonly token: Token | null;
  /** The writer's client id (the agent's process id as a string). */
  readonly client: string;
  readonly accepted: boolean;
  /** The highest token accepted for this key before this write (null if none). */
  readonly highest: Token | null;
  /** Why a write was rejected, for example "stale-token". */
  readonly reason?: string;
  /** The storage mode that decided. */
  readonly mode: string;
  /**
   * For a conditional write (`cas`, `s3-conditional`): whether the version
   * its writer named was still the key's current version when storage
   * decided. Absent for an unconditional write. Accepted with false: storage
   * ignored the condition.
   */
  readonly conditionHeld?: boolean;
  /**
   * True when the node decides one write at a time and records it in the
   * same step (our storage server; the S3 proxy, which forwards one PUT at
   * a time): then, of two records of this node, the one earlier in the log
   * was decided first. Its `time` does not say so: a clock fault on the
   * node moves it. Absent where a record is written after a decision made
   * elsewhere and concurrently (PostgreSQL's transactions).
   */
  readonly serial?: boolean;
}

/**
 * True when storage decided every write it accepted by the version its
 * writer read, and that version was still current each time (conditional
 * storage that enforced its condition on every write: `conditionHeld: true`).
 * Such storage loses no update whatever the tokens, so it is judged by
 * versions, not tokens: a write whose version was current when storage took
 * it is not stale. False when it accepted nothing. Pure.
 */
export function decidedByVersion(storage: readonly StorageRecord[]): boolean {
  let accepted = 0;
  for (const record of storage) {
    if (!record.accepted) continue;
    if (record.conditionHeld !== true) return false;
    accepted++;
  }
  return accepted > 0;
}
