/**
 * Stale writes judged by real time, with no token: the harness has what a
 * lock service without fencing tokens lacks, one monotonic clock for every
 * op. A write storage accepted is a stale write accepted when, by that
 * clock alone,
 *
 * 1. it was invoked after its writer's lease had certainly expired, and
 * 2. another client's write, made under a grant asked for after the
 *    writer's grant, had already been acknowledged.
 *
 * The expiry bound. The server starts a lease at some instant between the
 * acquire's invoke and its ok: it cannot grant before it is asked, and it
 * grants before it replies, which the harness sees before it records the
 * ok. The lease may have started as late as the ok, so only `ok + TTL` is an
 * instant after which it has certainly ended; `invoke + TTL` is the earliest
 * it may have ended, a bound for "may have expired" (lease-overlap uses it),
 * never for "certainly expired". The TTL runs on the lock server's clock, so
 * it is stretched by the lease model's margin for that clock's rate
 * (checkers/lease: +1% and +2 ms). This holds only for a service whose grant
 * lasts exactly the TTL and that nothing renews (the adapter's lease
 * declaration `ends: "ttl"`, stored in RunConfig lock.lease): a keep-alive,
 * a session or an etcd leader change extends leases, and then there is no
 * verdict. The write's invoke is the earliest it could reach storage.
 *
 * The order of the two writes is certain only when the other write's ok
 * precedes the stale write's invoke. The other grant is certainly later
 * when its acquire was invoked after the writer's acquire returned ok
 * ("asked-after"). When the two acquires overlap in time, it is later by
 * exclusion ("exclusion") when, had it come first, its lease would still
 * have been running when the writer was granted: by the lease model, it
 * could not have ended (mayEndFrom) before the writer's grant returned. Then either the other grant is later and the
 * write is stale, or the lock service granted the writer a lease another
 * client still held: invalid both ways. A killed lock node may lose its
 * leases early (Redis keeps none across a restart), and so may one that lost
 * power, so after a kill or a power loss only "asked-after" counts.
 *
 * Storage's own order is the second proof (storage-order.ts): a node that
 * decides writes one at a time and accepted the write after another
 * client's write under a certainly later grant accepted it after that
 * grant, whenever the write was sent. This needs no expiry bound, and it
 * judges the write sent just before a pause and delivered after it.
 *
 * Moved clocks. The TTL runs on the lock nodes' clocks (by the run's
 * topology; any of them may time a lease of a replicated service), and the
 * nemesis may move them. A clock at rate 1 with a constant offset times a
 * lease as the real clock does, so a lease keeps its bounds when, from its
 * acquire's invoke until it had certainly ended (`ok + TTL` stretched, or
 * its release's ok), no lock node's clock was being changed (the nemesis
 * op's whole window, invoke to completion) and each ran at rate 1: it was
 * timed on steady clocks (checkers/lease, lock-clock-moves.ts). A lease that was live while one moved may have
 * ended early or late by the move, so it loses every proof that rests on
 * its length: its expiry (no clock proof of its writes), its `mayEndFrom`
 * (no exclusion ordering it after another grant, no write judged in time
 * by completing before it could end), and what the token order passes on
 * from it. The proofs that need no lock clock still judge its writes:
 * storage's order, grants asked for after others returned, and no other
 * client's write coming first (a stale write storage's order proves on
 * such a lease reports the later grant's reply as its `expiredBy`). The
 * summary says how many leases lost their clock proof, and on which lock
 * nodes' clocks (`movedClock`). Clocks of clients and storage nodes time
 * no lease.
 *
 * A write storage accepted because the version its writer read was still
 * current (a conditional write whose condition held, as storage recorded
 * it) is not stale, whatever its lease: nothing landed between its read and
 * it, so its writer had read every write acknowledged before it. That is a
 * read-modify-write after the next holder's, not a lost update; cas's limit.
 *
 * Where no expiry is certain (no fixed TTL, or a nemesis op changed a
 * lock node's clock in a form the checker cannot read), the asked-after
 * form of storage's own order still runs: it needs no lease model. It can
 * prove a write stale, never that none was.
 *
 * A write not proven stale is not thereby in time: its invoke says nothing
 * of when storage took it (a client paused after sending, or inside its op,
 * delivers it later). It counts as judged only when it completed before
 * its lease could have ended, or when no other client's write under a grant
 * not certainly earlier could have reached storage before it (in-time.ts).
 * Without certainty there is no verdict: the checker is then valid with the
 * write counted as undecided, never invalid, and says so in its summary.
 * With tokens this is a second line of evidence, independent of the fencing
 * checker's. It settles the stale-write question for the run
 * (`staleWritesJudged`, see checkers/verdict.ts) only when it left no write
 * undecided: a run of a token-less service whose late writes were all left
 * undecided is unknown, not valid. Where no expiry is certain it is "n/a"
 * unless storage's order found a stale write; a run whose leases all lost
 * their clock proof to a moved lock clock is judged as any other, by the
 * proofs left.
 */
import type { CheckInput, CheckResult, Checker, CheckValidity } from "../../core/index.js";
import { leaseRules, lockClockMoves, type LeaseRules, type LeaseTable } from "../lease/index.js";
import { rolledBack } from "../power-loss/index.js";
import { ACCEPTED, ACKNOWLEDGED, CONDITION_HELD, timedWriteAt, timedWrites, type GrantOrder, type TimedGrant, type TimedWrites } from "./holdings.js";
import { frozenHolderExpiry } from "./frozen-holders.js";
import { decidedAfterLaterGrant, type EarlierDecision } from "./storage-order.js";
import { inTimeTest } from "./in-time.js";
import { movedClock, movedClockLine, type MovedClock } from "./moved-clock.js";

/** A stale write found by real time. Times are harness nanoseconds. */
export interface TimedStaleWrite {
  readonly key: string;
  readonly client: number;
  readonly value: string;
  readonly grant: TimedGrant;
  /** After this instant the writer's lease had certainly ended. */
  readonly expiredBy: number;
  readonly invokedAt: number;
  /** When storage recorded accepting it, or else when the client was told ok. */
  readonly acceptedAt: number | undefined;
  /**
   * "clock": sent after `expiredBy` and after `next` was acknowledged, by the
   * harness's clock; "storage-order": storage decided `next` first (see the file comment).
   */
  readonly evidence: "clock" | "storage-order";
  /** One sentence: what storage accepted and what proves it stale. */
  readonly description: string;
  /** The other client's write under its later grant. */
  readonly next: {
    readonly client: number;
    readonly value: string;
    readonly grant: TimedGrant;
    /** When its client was told ok; undefined when it never was. Always set with "clock" evidence. */
    readonly acknowledgedAt: number | undefined;
    /** When storage recorded accepting it; undefined when storage kept no record. Always set with "storage-order" evidence. */
    readonly storedAt: number | undefined;
    /** How its grant is known to be later (see the file comment). */
    readonly order: GrantOrder;
  };
}

export type { GrantOrder } from "./holdings.js";
export type { MovedClock } from "./moved-clock.js";

/** The real-time checker's verdict. */
export interface RealTimeResult extends CheckResult {
  /** "n/a" exactly when not `applicable`. */
  readonly valid: CheckValidity;
  /** True when it found a stale write or left no write undecided. */
  readonly staleWritesJudged: boolean;
  /** False when no lease of this run has a certain expiry by its declaration (no fixed TTL) or by what the checker could read of the lock clocks' moves; `reason` says why, and there are no violations. */
  readonly applicable: boolean;
  readonly reason: string;
  readonly violations: readonly TimedStaleWrite[];
  /** Accepted writes neither proven stale nor proven in time (in-time.ts): storage may have taken them after a later holder's write. */
  readonly undecided: number;
  /** When the nemesis moved a lock node's clock: those nodes, and how many of the run's leases (`of`) were live while one moved and so were judged without their TTL. */
  readonly movedClock?: MovedClock;
  readonly summary: string;
}

/** The real-time checker (name "real-time"). Pure. */
export function realTimeChecker(): Checker<RealTimeResult> {
  return { name: "real-time", check: checkRealTime };
}

/** How `b` is known to have been granted after `a`; undefined when it is not known. */
export function grantOrder(a: TimedGrant, b: TimedGrant, exclusion: boolean): GrantOrder | undefined {
  if (b.invokedAt > a.grantedAt) return "asked-after";
  if (!exclusion || b.grantedAt <= a.invokedAt) return undefined;
  return b.mayEndFrom > a.grantedAt ? "exclusion" : undefined;
}

/** As `grantOrder`, for leases `a` and `b` of a lease table; exclusion only where `b` was timed on steady lock clocks. */
function grantOrderAt(t: LeaseTable, a: number, b: number, exclusion: boolean): GrantOrder | undefined {
  if ((t.invokedAt[b] as number) > (t.grantedAt[a] as number)) return "asked-after";
  if (!exclusion || t.steadyClock[b] !== 1 || (t.grantedAt[b] as number) <= (t.invokedAt[a] as number)) return undefined;
  return (t.mayEndFrom[b] as number) > (t.grantedAt[a] as number) ? "exclusion" : undefined;
}

/** Checks one run. The writes are walked as columns; only those of a violation are made objects. */
export function checkRealTime(input: CheckInput): RealTimeResult {
  const rules = leaseRules(input.config);
  if (!rules.certainExpiry) {
    return storageOrderAlone(input, rules, `lock service "${input.config.lock.adapter}" does not declare leases that end a fixed TTL after the grant, so no expiry is certain`);
  }
  const moves = lockClockMoves(input.history, rules.lockNodes);
  if (moves.unreadable !== "") return storageOrderAlone(input, rules, `${moves.unreadable}, so no lease's TTL is known in real time`);
  const exclusion = !input.history.some((op) => op.process === "nemesis" && (op.f === "kill" || op.f === "power-loss"));
  const writes = timedWrites(input.history, input.storage, rules, moves);
  const order = (a: number, b: number) => grantOrderAt(writes.leases, a, b, exclusion);
  const storageOrder = decidedAfterLaterGrant(writes, order, rolledBack(input.history, input.storage));
  const inTime = inTimeTest(writes, order);
  const violations: TimedStaleWrite[] = [];
  let undecided = 0;
  let afterLoss = 0;
  for (let i = 0; i < writes.length; i++) {
    const flags = writes.flags[i] as number;
    const grant = writes.grant[i] as number;
    if ((flags & ACCEPTED) === 0 || grant === -1 || (flags & CONDITION_HELD) !== 0) continue;
    // A lease timed across a moved lock clock has no certain expiry (NaN: no write is later than it).
    const expiredBy = writes.leases.steadyClock[grant] === 1 ? (writes.leases.grantedAt[grant] as number) + rules.longestNs : Number.NaN;
    const late = (writes.invokedAt[i] as number) > expiredBy;
    const byClock = late ? laterWrite(writes, i, (g) => order(grant, g)) : undefined;
    const byStorage = storageOrder.proved.get(i);
    if (byClock === undefined && byStorage === undefined) {
      const lost = storageOrder.inDoubt.has(i);
      undecided += lost || !inTime(i) ? 1 : 0;
      afterLoss += lost ? 1 : 0;
      continue;
    }
    if (byClock) violations.push(violation(writes, i, expiredBy, { ...byClock, evidence: "clock" }));
    else violations.push(violation(writes, i, Number.isNaN(expiredBy) ? laterReply(writes, byStorage as EarlierDecision) : expiredBy, { ...(byStorage as EarlierDecision), evidence: "storage-order" }));
  }
  const found = violations.length > 0;
  const moved = movedClock(moves, writes.leases);
  // Said wherever the checker speaks: after what it found, in the reason it leaves writes undecided, or alone.
  const clockLine = movedClockLine(moved);
  const reason = found || undecided === 0 ? "" : joined(undecidedLine(undecided, afterLoss), clockLine);
  const alone = reason || clockLine;
  return {
    valid: !found, staleWritesJudged: found || undecided === 0, applicable: true, reason, violations, undecided,
    ...(moved === undefined ? {} : { movedClock: moved }),
    summary: found ? joined(summary(violations) + (undecided > 0 ? `; ${undecided} other accepted write(s) left undecided` : ""), clockLine)
      : alone === "" ? "" : `real-time: ${alone}`,
  };
}

/** The non-empty lines, joined by "; ". */
function joined(...lines: string[]): string {
  return lines.filter((l) => l !== "").join("; ");
}

/** The reply of the grant that write `next.write` was made under: by storage's order, the writer's lease had ended by then. */
function laterReply(writes: TimedWrites, next: EarlierDecision): number {
  return writes.leases.grantedAt[writes.grant[next.write] as number] as number;
}

/**
 * Where no expiry is certain (`reason`: no fixed TTL, or a lock clock move
 * the checker cannot read): storage's own order alone, in its
 * asked-after form, which needs no lease model (no TTL, no clock of a lock
 * node): a write a serial node decided after another client's write, made
 * under a grant asked for after the writer's grant returned, reached
 * storage after that grant. And the clock rule, asked-after only, for a
 * write whose holder's keep-alive lease had certainly ended because the
 * nemesis froze it (frozen-holders.ts). INVALID when either finds one;
 * otherwise "n/a" with `reason` naming what was tried, since nothing bounds
 * the other writes' leases.
 */
function storageOrderAlone(input: CheckInput, rules: LeaseRules, reason: string): RealTimeResult {
  const writes = timedWrites(input.history, input.storage, rules);
  const order = (a: number, b: number) => grantOrderAt(writes.leases, a, b, false);
  const { proved, inDoubt } = decidedAfterLaterGrant(writes, order, rolledBack(input.history, input.storage));
  const frozen = frozenHolderExpiry(input.history, writes.leases, rules);
  const violations: TimedStaleWrite[] = [];
  for (let i = 0; i < writes.length; i++) {
    const grant = writes.grant[i] as number;
    if (((writes.flags[i] as number) & ACCEPTED) === 0 || grant === -1 || ((writes.flags[i] as number) & CONDITION_HELD) !== 0) continue;
    const expiredBy = frozen[grant] as number;
    const byClock = (writes.invokedAt[i] as number) > expiredBy ? laterWrite(writes, i, (g) => order(grant, g)) : undefined;
    const byStorage = proved.get(i);
    // By storage's order, the writer's lease had ended by the later grant's reply, or the lock service granted a lease it still held.
    if (byClock) violations.push(violation(writes, i, expiredBy, { ...byClock, evidence: "clock" }));
    else if (byStorage) violations.push(violation(writes, i, laterReply(writes, byStorage), { ...byStorage, evidence: "storage-order" }));
  }
  const tried = `${reason}; storage's own order (a write decided after another client's write under a grant asked for after the writer's returned)${rules.holderRenews ? " and the expiry of frozen holders' leases" : ""} found no stale write`;
  if (violations.length === 0) return { valid: "n/a", staleWritesJudged: false, applicable: false, reason: tried, violations: [], undecided: 0, summary: "" };
  const undecided = [...inDoubt].filter((i) => !proved.has(i)).length;
  return {
    valid: false, staleWritesJudged: true, applicable: true, reason: "", violations, undecided,
    summary: summary(violations) + (undecided > 0 ? `; ${undecided} other accepted write(s) left undecided` : ""),
  };
}

/** The violation of write `i`, proved by the earlier write `next`. */
function violation(writes: TimedWrites, i: number, expiredBy: number, next: EarlierDecision & { evidence: TimedStaleWrite["evidence"] }): TimedStaleWrite {
  const w = timedWriteAt(writes, i);
  const x = timedWriteAt(writes, next.write);
  const found = {
    key: w.resource, client: w.process, value: w.value, grant: w.grant as TimedGrant, expiredBy, invokedAt: w.invokedAt,
    acceptedAt: w.record?.time ?? w.completedAt, evidence: next.evidence,
    next: { client: x.process, value: x.value, grant: x.grant as TimedGrant, acknowledgedAt: x.acknowledged ? x.completedAt : undefined, storedAt: x.record?.time, order: next.order },
  };
  return { ...found, description: staleWriteLine(found) };
}

/**
 * The first acknowledged write of another client, under a grant certainly
 * later by `order`, acknowledged before write `w` was invoked (ties: the
 * earliest invoked); its index in `writes`.
 */
function laterWrite(writes: TimedWrites, w: number, order: (grant: number) => GrantOrder | undefined): { write: number; order: GrantOrder } | undefined {
  let first: { write: number; order: GrantOrder } | undefined;
  const invokedAt = writes.invokedAt[w] as number;
  for (let x = 0; x < writes.length; x++) {
    const grant = writes.grant[x] as number;
    if (((writes.flags[x] as number) & ACKNOWLEDGED) === 0 || writes.resource[x] !== writes.resource[w] || writes.process[x] === writes.process[w] || grant === -1) continue;
    const completedAt = writes.completedAt[x] as number;
    if (completedAt >= invokedAt) continue;
    if (first !== undefined && completedAt >= (writes.completedAt[first.write] as number)) continue;
    const known = order(grant);
    if (known !== undefined) first = { write: x, order: known };
  }
  return first;
}

function undecidedLine(undecided: number, afterLoss: number): string {
  const open = "completed after its lease may have ended, while another client's write under a grant not certainly earlier may have reached storage first, and nothing proves it stale";
  if (afterLoss === 0) return `left ${undecided} accepted write(s) undecided: each ${open}`;
  const lost = "decided by storage after a write under a later grant that was never acknowledged and that a power loss may have rolled back";
  return `left ${undecided} accepted write(s) undecided: ${afterLoss} ${lost}${undecided > afterLoss ? `; the others each ${open}` : ""}`;
}

function summary(violations: readonly TimedStaleWrite[]): string {
  const first = violations[0];
  if (!first) return "";
  const more = violations.length > 1 ? ` (${violations.length} in all)` : "";
  return `real-time: ${first.description}${more}`;
}

/** One sentence on a stale write: what storage accepted, and what proves it stale. Pure. */
function staleWriteLine(v: Omit<TimedStaleWrite, "description">): string {
  const s = (ns: number): string => `${(ns / 1e9).toFixed(3)} s`;
  const accepted = `storage accepted "${v.value}" on "${v.key}" from client ${v.client}`;
  if (v.evidence === "clock") {
    return `${accepted}, sent at ${s(v.invokedAt)} after its lease had certainly expired by ${s(v.expiredBy)} and after client ${v.next.client}'s write "${v.next.value}" under a later grant was acknowledged at ${s(v.next.acknowledgedAt as number)}`;
  }
  const at = v.acceptedAt === undefined ? "" : ` at ${s(v.acceptedAt)}`;
  return `${accepted}${at} (sent at ${s(v.invokedAt)}), after it had accepted client ${v.next.client}'s write "${v.next.value}" under a later grant${v.next.storedAt === undefined ? "" : ` at ${s(v.next.storedAt)}`}: storage's own order of decisions`;
}
