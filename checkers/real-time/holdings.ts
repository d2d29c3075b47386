/**
 * Each write of a lock history with the grant it was made under and what
 * storage did with it, for judging writes by real time rather than by token.
 */
import { pairs, type Completion, type History, type Invoke, type StorageRecord } from "../../core/index.js";

/** An acquire that completed `ok`. Times are harness nanoseconds. */
export interface TimedGrant {
  readonly process: number;
  readonly resource: string;
  readonly invokedAt: number;
  readonly grantedAt: number;
  /** When its holder invoked the release that ended it (the earliest it may have ended early), if it did. */
  readonly releasedAt: number | undefined;
}

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
 * Every write of `history` with its grant and storage's decision. A storage
 * record is matched by client id (the process), key and value, which the
 * lock-write workload makes unique. Pure, O(n).
 */
export function timedWrites(history: History, storage: readonly StorageRecord[]): TimedWrite[] {
  const records = new Map<string, StorageRecord>();
  for (const r of storage) records.set(recordKey(r.client, r.key, r.value), r);
  const held = new Map<string, { -readonly [K in keyof TimedGrant]: TimedGrant[K] }>();
  const out: TimedWrite[] = [];
  for (const { invoke, completion } of pairs(history)) {
    const process = invoke.process;
    const v = invoke.value as { resource?: unknown; value?: unknown } | null;
    if (typeof process !== "number" || typeof v?.resource !== "string") continue;
    const slot = `${process}\u0000${v.resource}`;
    if (invoke.f === "release") {
      const grant = held.get(slot);
      if (grant) grant.releasedAt = invoke.time;
      held.delete(slot);
    }
    if (invoke.f === "acquire" && completion?.type === "ok") {
      held.set(slot, { process, resource: v.resource, invokedAt: invoke.time, grantedAt: completion.time, releasedAt: undefined });
    }
    if (invoke.f === "write" && typeof v.value === "string") out.push(write(invoke, completion, held.get(slot), records));
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
