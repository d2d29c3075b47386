/**
 * Stale writes proved by storage's own order of decisions rather than by
 * the harness's clock. A storage node that decides one write at a time and
 * records it in the same step (`serial` records) appends its records in
 * the order it decided: of two records of one node, the one earlier in the
 * storage log was decided first. That order is read from the records'
 * positions, never from their `time`: a record's time is its node's
 * monotonic clock, which a clock fault (clock.monotonic=true) moves, so
 * two decisions of a node whose clock was set back would swap.
 *
 * If such a node accepted client A's write after it had already taken in
 * client B's write on the same key, and B's grant is certainly later than
 * the grant A wrote under (asked for after A's returned, or later by
 * exclusion: see real-time-checker.ts), then A's write reached storage
 * after B was granted the lock: either A's lease had ended by then (the
 * write is stale) or the lock service granted B a lease A still held.
 * Invalid both ways, and no expiry bound is needed. This is how a write
 * sent before a pause and delivered after it is judged: its invoke
 * precedes the expiry, so the clock rule cannot place it, but storage saw
 * the next holder's write first.
 *
 * A write a power loss may have rolled back (checkers/power-loss) is
 * evidence only while its node held it: none once the node is shown to
 * have lost it, and a write decided after one whose fate is unknown is left
 * undecided.
 *
 * For speed each write is compared with two earlier writes of its
 * (node, key): the one whose grant was asked for last and the one whose
 * lease could end last, each from another client. A write provable only
 * by a third earlier one is missed (no verdict on it), never misjudged.
 */
import type { StorageRecord } from "../../core/index.js";
import type { Presence, RolledBack } from "../power-loss/index.js";
import { ACCEPTED, CONDITION_HELD, type GrantOrder, type TimedWrites } from "./holdings.js";

/** A write storage decided earlier, under a certainly later grant. */
export interface EarlierDecision {
  /** Its index in the writes. */
  readonly write: number;
  readonly order: GrantOrder;
}

/** What storage's own order proves. */
export interface StorageOrderFindings {
  /** Each accepted write storage decided after a write of another client under a certainly later grant: that earlier write. */
  readonly proved: Map<number, EarlierDecision>;
  /** Writes it would have proved stale by an earlier write a power loss may have rolled back, whose fate is unknown. */
  readonly inDoubt: Set<number>;
}

/**
 * For each accepted write (index in `writes`) storage decided after a write
 * of another client under a certainly later grant (`order(grant, other)`),
 * that earlier write. Pure, O(n log n).
 */
export function decidedAfterLaterGrant(writes: TimedWrites, order: (grant: number, other: number) => GrantOrder | undefined, doubt: RolledBack): StorageOrderFindings {
  const proved = new Map<number, EarlierDecision>();
  const inDoubt = new Set<number>();
  const { sorted, group } = serialDecisions(writes);
  let askedLast = bestOfOthers();
  let endsLast = bestOfOthers();
  for (let k = 0; k < sorted.length; k++) {
    const write = sorted[k] as number;
    if (k > 0 && group[write] !== group[sorted[k - 1] as number]) {
      askedLast = bestOfOthers();
      endsLast = bestOfOthers();
    }
    const process = writes.process[write] as number;
    const evidence = judge(writes, write, [askedLast.best(process), endsLast.best(process)], order, doubt);
    if (evidence === "in-doubt") inDoubt.add(write);
    else if (evidence) proved.set(write, evidence);
    const grant = writes.grant[write] as number;
    askedLast.add(process, write, writes.leases.invokedAt[grant] as number);
    endsLast.add(process, write, writes.leases.mayEndFrom[grant] as number);
  }
  return { proved, inDoubt };
}

/**
 * The first of `candidates` (earlier writes) whose grant is certainly later
 * than `write`'s and that storage still held, if `write` may be judged;
 * "in-doubt" when only a candidate a power loss may have rolled back would prove it.
 */
function judge(writes: TimedWrites, write: number, candidates: readonly (number | undefined)[], order: (grant: number, other: number) => GrantOrder | undefined, doubt: RolledBack): EarlierDecision | "in-doubt" | undefined {
  if (((writes.flags[write] as number) & CONDITION_HELD) !== 0) return undefined;
  const grant = writes.grant[write] as number;
  let unknown = false;
  for (const other of candidates) {
    if (other === undefined) continue;
    const presence: Presence = doubt.presentAt(writes.record[other] as number, writes.record[write] as number);
    if (presence === "absent") continue;
    const known = order(grant, writes.grant[other] as number);
    if (known === undefined) continue;
    if (presence === "present") return { write: other, order: known };
    unknown = true;
  }
  return unknown ? "in-doubt" : undefined;
}

/**
 * The accepted writes made under a grant and recorded by a serial node,
 * sorted by (node, key) group, then by decision order (the record's
 * position in the storage log); as columns indexed by write (`group` -1 for
 * a write left out), a few bytes per write.
 */
function serialDecisions(writes: TimedWrites): { sorted: Int32Array; group: Int32Array } {
  const group = new Int32Array(writes.length).fill(-1);
  const groups = new Map<string, number>();
  const chosen: number[] = [];
  for (let i = 0; i < writes.length; i++) {
    const r = writes.record[i] as number;
    const record: StorageRecord | undefined = r === -1 ? undefined : writes.storage[r];
    if (record?.serial !== true || !record.accepted || (writes.grant[i] as number) === -1 || ((writes.flags[i] as number) & ACCEPTED) === 0) continue;
    const key = `${record.node}\u0000${writes.resource[i] as number}`;
    if (!groups.has(key)) groups.set(key, groups.size);
    group[i] = groups.get(key) as number;
    chosen.push(i);
  }
  const position = writes.record;
  const sorted = Int32Array.from(chosen).sort((a, b) => (group[a] as number) - (group[b] as number) || (position[a] as number) - (position[b] as number));
  return { sorted, group };
}

/** The write with the highest score so far, and the highest of another client than that one's: the best of any client but one. */
function bestOfOthers() {
  let first: { process: number; write: number; score: number } | undefined;
  let second: typeof first;
  return {
    add(process: number, write: number, score: number): void {
      if (first === undefined || score > first.score) {
        if (first !== undefined && first.process !== process) second = first;
        first = { process, write, score };
      } else if (process !== first.process && (second === undefined || score > second.score)) {
        second = { process, write, score };
      }
    },
    best: (process: number): number | undefined => (first?.process !== process ? first : second)?.write,
  };
}
