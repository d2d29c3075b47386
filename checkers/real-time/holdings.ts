/**
 * Each write of a lock history with the grant it was made under and what
 * storage did with it, for judging writes by real time rather than by token.
 */
import { pairs, type Completion, type History, type Invoke, type StorageRecord } from "../../core/index.js";
import { heldLeases, leasesOf, type Lease, type LeaseRules } from "../lease/index.js";

/** An acquire that completed `ok`, as the lease model sees it (checkers/lease). Times are harness nanoseconds. */
export type TimedGrant = Lease;

/** One write and the grant its client held when it invoked it. */
export interface TimedWrite {
  readonly process: number;
  readonly resource: string;
  readonly value: string;
  readonly invokedAt: number;
  /** The completion's time; undefined when it never completed. */
  readonly completedAt: number | undefined;
  /** True when the client was told `ok`. */
  readonly acknowledged: boolean;
  /** Storage accepted it: the client was told ok, or storage.jsonl says accepted. */
  readonly accepted: boolean;
  /** The storage record of this write, when storage recorded one. */
  readonly record: StorageRecord | undefined;
  /** The client's latest grant on the resource before the write (none after a release). */
  readonly grant: TimedGrant | undefined;
}

/**
 * Every write of `history` with its grant and storage's decision; grants
 * are judged by `rules`. A storage record is matched by client id (the
 * process), key and value, which the lock-write workload makes unique.
 * Pure, O(n log n).
 */
export function timedWrites(history: History, storage: readonly StorageRecord[], rules: LeaseRules): TimedWrite[] {
  const records = new Map<string, StorageRecord>();
  for (const r of storage) records.set(recordKey(r.client, r.key, r.value), r);
  const held = heldLeases(leasesOf(history, rules));
  const out: TimedWrite[] = [];
  for (const { invoke, completion } of pairs(history)) {
    const v = invoke.value as { resource?: unknown; value?: unknown } | null;
    if (typeof invoke.process !== "number" || typeof v?.resource !== "string") continue;
    if (invoke.f === "write" && typeof v.value === "string") out.push(write(invoke, completion, held(invoke.process, v.resource, invoke.time), records));
  }
  return out;
}

function write(invoke: Invoke, completion: Completion | undefined, grant: TimedGrant | undefined, records: ReadonlyMap<string, StorageRecord>): TimedWrite {
  const { resource, value } = invoke.value as { resource: string; value: string };
  const process = invoke.process as number;
  const record = records.get(recordKey(String(process), resource, value));
  const acknowledged = completion?.type === "ok";
  return {
    process, resource, value, invokedAt: invoke.time, completedAt: completion?.time, acknowledged,
    accepted: acknowledged || record?.accepted === true, record, grant,
  };
}

function recordKey(client: string, key: string, value: string): string {
  return `${client}\u0000${key}\u0000${value}`;
}
