/**
 * Each write of a lock history with the grant it was made under and what
 * storage did with it, for judging writes by real time rather than by token.
 * Kept as columns (one entry per write, in invoke order) over the lease
 * table (checkers/lease), so an hour's million writes take tens of
 * megabytes; `timedWriteAt` makes the object of one write for a report.
 */
import { pairs, type History, type OpPair, type StorageRecord } from "../../core/index.js";
import { floatColumn, heldLeases, intColumn, leaseAt, leaseTable, NO_CLOCK_MOVES, type Lease, type LeaseRules, type LeaseTable, type LockClockMoves } from "../lease/index.js";

/** How a grant is known to come after another: asked for after it returned, or by exclusion. */
export type GrantOrder = "asked-after" | "exclusion";

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

/** The writes of a history as columns. Times are harness nanoseconds; NaN when absent. */
export interface TimedWrites {
  readonly length: number;
  readonly process: Int32Array;
  /** Index into `resources`. */
  readonly resource: Int32Array;
  readonly resources: readonly string[];
  readonly invokedAt: Float64Array;
  readonly completedAt: Float64Array;
  /** ACKNOWLEDGED, ACCEPTED, CONDITION_HELD and MAY_BE_ACCEPTED bits. */
  readonly flags: Uint8Array;
  /** The lease index in `leases`, or -1. */
  readonly grant: Int32Array;
  /** The storage record's index in the storage log, or -1. */
  readonly record: Int32Array;
  /** The write's position in the history's pairs (its value is read from there). */
  readonly pair: Int32Array;
  readonly leases: LeaseTable;
  readonly pairs: readonly OpPair[];
  readonly storage: readonly StorageRecord[];
}

export const ACKNOWLEDGED = 1;
export const ACCEPTED = 2;
/** Storage recorded that the version its writer read was still current (`conditionHeld: true`). */
export const CONDITION_HELD = 4;
/** Storage may have taken it: accepted, or of unknown outcome (no `fail`, and no record of a rejection). */
export const MAY_BE_ACCEPTED = 8;

/**
 * Every write of `history` with its grant and storage's decision; grants
 * are judged by `rules` and the run's lock clock `moves` (which leases were
 * timed on steady clocks, checkers/lease). A storage record is matched by client id (the
 * process), key and value, which the lock-write workload makes unique
 * (the last record of a triple wins). Pure, O(n log n).
 */
export function timedWrites(history: History, storage: readonly StorageRecord[], rules: LeaseRules, moves: LockClockMoves = NO_CLOCK_MOVES): TimedWrites {
  const records = new Map<string, number>();
  storage.forEach((r, i) => records.set(recordKey(r.client, r.key, r.value), i));
  const leases = leaseTable(history, rules, moves);
  const held = heldLeases(leases);
  const all = pairs(history);
  const c = { writer: intColumn(), resource: intColumn(), invokedAt: floatColumn(), completedAt: floatColumn(), grant: intColumn(), record: intColumn(), pair: intColumn() };
  const flags: number[] = [];
  const resources = new Map<string, number>();
  for (let k = 0; k < all.length; k++) {
    const { invoke, completion } = all[k] as OpPair;
    const v = invoke.value as { resource?: unknown; value?: unknown } | null;
    if (typeof invoke.process !== "number" || typeof v?.resource !== "string") continue;
    if (invoke.f !== "write" || typeof v.value !== "string") continue;
    const record = records.get(recordKey(String(invoke.process), v.resource, v.value)) ?? -1;
    const acknowledged = completion?.type === "ok";
    const r = record === -1 ? undefined : storage[record];
    if (!resources.has(v.resource)) resources.set(v.resource, resources.size);
    c.writer.push(invoke.process);
    c.resource.push(resources.get(v.resource) as number);
    c.invokedAt.push(invoke.time);
    c.completedAt.push(completion?.time ?? Number.NaN);
    c.grant.push(held(invoke.process, v.resource, invoke.time));
    c.record.push(record);
    c.pair.push(k);
    const accepted = acknowledged || r?.accepted === true;
    const unknownOutcome = r === undefined && completion?.type !== "fail";
    flags.push((acknowledged ? ACKNOWLEDGED : 0) | (accepted ? ACCEPTED : 0) | (r?.conditionHeld === true ? CONDITION_HELD : 0) | (accepted || unknownOutcome ? MAY_BE_ACCEPTED : 0));
  }
  return {
    length: flags.length, process: c.writer.done(), resource: c.resource.done(), resources: [...resources.keys()],
    invokedAt: c.invokedAt.done(), completedAt: c.completedAt.done(), flags: Uint8Array.from(flags), grant: c.grant.done(),
    record: c.record.done(), pair: c.pair.done(), leases, pairs: all, storage,
  };
}

/** The object of write `i`. */
export function timedWriteAt(w: TimedWrites, i: number): TimedWrite {
  const value = ((w.pairs[w.pair[i] as number] as OpPair).invoke.value as { value: string }).value;
  const completedAt = w.completedAt[i] as number;
  const record = w.record[i] as number;
  const grant = w.grant[i] as number;
  return {
    process: w.process[i] as number, resource: w.resources[w.resource[i] as number] as string, value, invokedAt: w.invokedAt[i] as number,
    completedAt: Number.isNaN(completedAt) ? undefined : completedAt, acknowledged: ((w.flags[i] as number) & ACKNOWLEDGED) !== 0,
    accepted: ((w.flags[i] as number) & ACCEPTED) !== 0, record: record === -1 ? undefined : w.storage[record],
    grant: grant === -1 ? undefined : leaseAt(w.leases, grant),
  };
}

function recordKey(client: string, key: string, value: string): string {
  return `${client}\u0000${key}\u0000${value}`;
}
