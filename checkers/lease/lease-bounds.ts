/**
 * What a history proves of each lease's life on the server.
 *
 * A lease is certainly live on the server from its grant until the
 * earliest instant anything could have ended it (`mayEndFrom`):
 * - its TTL: the shortest lease (lease-rules.ts) after the TTL started,
 *   which is no earlier than the grant (`timedFrom: "grant"`) or than the
 *   acquire's invoke (`"request"`);
 * - its release, from the release's invoke on (or a new acquire of the
 *   same resource by the same holder);
 * - for `client-session` leases only: the client's death, which may come
 *   right after the last reply of a client that later retired, and any
 *   fault that breaks the lock node's connections (kill, delay).
 * Keep-alives and session timeouts renew a lease but never end it before
 * the TTL after its request; a retirement does not end it either.
 *
 * The grant's window and the token order. A grant happened somewhere in
 * its acquire's [invoke, ok]; a blocked acquire leaves a wide window, and
 * with it a short proven life. The token order narrows it, by the
 * argument porcupine makes for its search: to show that no correct
 * execution explains the history, it is enough to show that assuming one
 * leads to a contradiction. So assume the lock service kept its promise:
 * per resource, tokens grow with grant order, and no two leases are live
 * at once. Then, taking a resource's grants in token order, grant N+1 came
 * after grant N, and after lease N ended, which was no earlier than
 * `mayEndFrom(N)`; so `grantNoEarlierThan(N+1) = max(invoke(N+1),
 * grantNoEarlierThan(N), mayEndFrom(N))`, and `mayEndFrom(N+1)` follows
 * from it (for leases timed from the grant). A grant whose reply came
 * before that bound contradicts the assumption: the service granted N+1
 * while N was live, or gave tokens out of grant order; either way it broke
 * its promise, and the double-grant check (checkers/lock-service) reports
 * it. Every bound is derived from the assumption alone, so a violation
 * found with them is never stronger than the history proves: either the
 * assumption is false (a broken promise) or the violation is real.
 * Grants an acquire of unknown outcome may have made only lie between
 * those we see, which keeps the order. Tokens do not narrow leases timed
 * from the request (replicas vote at their own instants).
 *
 * Moved clocks. The TTL's bounds hold in real time only for a lease timed
 * on steady lock clocks (lock-clock-moves.ts: none changed, each at rate
 * 1, from its acquire's invoke until it had certainly ended, by its
 * release's ok or its longest TTL after its ok). Given the
 * run's clock moves, the table marks each lease (`steadyClock`), and the
 * token order passes on only what needs no clock from a lease that was not
 * steady: the next grant came no earlier than this one, but not
 * necessarily after `mayEndFrom` (a clock moved forward ends a lease early).
 */
import { compareTokens, type History } from "../../core/index.js";
import { compareTokensAt, leaseAt, type LeaseFactTable, type LeaseTable } from "./lease-columns.js";
import { leaseFactTable } from "./lease-history.js";
import type { Lease } from "./lease.js";
import type { LeaseRules } from "./lease-rules.js";
import { clockMovedDuring, NO_CLOCK_MOVES, type LockClockMoves } from "./lock-clock-moves.js";

/**
 * Every lease of `history`, in acquire-invoke order, judged by `rules`.
 * Pure, O(n log n). Objects for small histories and tests: checkers of
 * long runs walk `leaseTable`.
 */
export function leasesOf(history: History, rules: LeaseRules): Lease[] {
  const table = leaseTable(history, rules);
  return Array.from({ length: table.length }, (_, i) => leaseAt(table, i));
}

/**
 * As `leasesOf`, as columns (lease-columns.ts), with each lease's
 * `steadyClock` judged by the run's lock clock `moves` (default: none
 * moved, every lease steady). Pure, O(n log n).
 */
export function leaseTable(history: History, rules: LeaseRules, moves: LockClockMoves = NO_CLOCK_MOVES): LeaseTable {
  const facts = leaseFactTable(history, rules);
  const lower = Float64Array.from(facts.invokedAt);
  const firstBreak = breakFinder(facts.breaks);
  const steady = steadyClocks(facts, rules, moves);
  if (rules.timedFrom === "grant") narrowByTokens(facts, rules, lower, firstBreak, steady);
  const mayEnd = new Float64Array(facts.length);
  const endedBy = new Float64Array(facts.length);
  for (let i = 0; i < facts.length; i++) {
    mayEnd[i] = mayEndFrom(facts, i, rules, lower[i] as number, firstBreak);
    const expiry = steady[i] === 1 ? (certainExpiry(facts.grantedAt[i] as number, rules) ?? Number.NaN) : Number.NaN;
    const released = facts.releasedAt[i] as number;
    endedBy[i] = Number.isNaN(expiry) ? released : Number.isNaN(released) ? expiry : Math.min(expiry, released);
  }
  return { ...facts, grantNoEarlierThan: lower, mayEndFrom: mayEnd, endedBy, steadyClock: steady };
}

/**
 * Per lease, 1 when no lock clock moved from its acquire's invoke until it
 * had certainly ended: its release's ok, or its longest TTL after its ok.
 */
function steadyClocks(f: LeaseFactTable, rules: LeaseRules, moves: LockClockMoves): Uint8Array {
  const steady = new Uint8Array(f.length);
  for (let i = 0; i < f.length; i++) {
    const released = f.releasedAt[i] as number;
    const ended = Math.min((f.grantedAt[i] as number) + rules.longestNs, Number.isNaN(released) ? Infinity : released);
    steady[i] = clockMovedDuring(moves, f.invokedAt[i] as number, ended) ? 0 : 1;
  }
  return steady;
}

/** The first session break (in history order) at or after both `from` and `lower`, or Infinity. */
type BreakFinder = (from: number, lower: number) => number;

/** The earliest instant lease `i` may have ended, given the lower bound of its grant. */
function mayEndFrom(f: LeaseFactTable, i: number, rules: LeaseRules, grantNoEarlierThan: number, firstBreak: BreakFinder): number {
  const ttlStart = rules.timedFrom === "grant" ? grantNoEarlierThan : (f.invokedAt[i] as number);
  const release = f.releaseInvokedAt[i] as number;
  let end = Math.min(ttlStart + rules.shortestNs, Number.isNaN(release) ? Infinity : release);
  if (rules.ends === "client-session") {
    const retired = f.retiredAt[i] as number;
    end = Math.min(end, Number.isNaN(retired) ? Infinity : retired, firstBreak(f.invokedAt[i] as number, grantNoEarlierThan));
  }
  return end;
}

/** A lease's session breaks are those at or after its acquire's invoke; found by bisection when they are in time order. */
function breakFinder(breaks: readonly number[]): BreakFinder {
  const sorted = breaks.every((t, i) => i === 0 || (breaks[i - 1] as number) <= t);
  return (from, lower) => {
    if (!sorted) return breaks.find((t) => t >= from && t >= lower) ?? Infinity;
    const t = Math.max(from, lower);
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((breaks[mid] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo < breaks.length ? (breaks[lo] as number) : Infinity;
  };
}

/** The instant after which a lease granted (replied) at `grantedAt` has certainly ended by its TTL; undefined when something may renew it. */
export function certainExpiry(grantedAt: number, rules: LeaseRules): number | undefined {
  return rules.certainExpiry ? grantedAt + rules.longestNs : undefined;
}

/** Raises each grant's lower bound along its resource's token order (see the file comment). */
function narrowByTokens(f: LeaseFactTable, rules: LeaseRules, bound: Float64Array, firstBreak: BreakFinder, steady: Uint8Array): void {
  const byResource = new Map<number, number[]>();
  for (let i = 0; i < f.length; i++) {
    if (f.token[i] === undefined) continue;
    const r = f.resource[i] as number;
    const list = byResource.get(r);
    if (list === undefined) byResource.set(r, [i]);
    else list.push(i);
  }
  for (const list of byResource.values()) {
    list.sort((a, b) => compareTokensAt(f, a, b, compareTokens));
    // `after`: the bound every grant of a strictly higher token inherits; `group`: what the current token's grants pass on.
    let after = -Infinity;
    let group = -Infinity;
    for (let k = 0; k < list.length; k++) {
      const i = list[k] as number;
      const prev = list[k - 1];
      if (prev !== undefined && compareTokensAt(f, prev, i, compareTokens) < 0) after = Math.max(after, group);
      const lower = Math.min(Math.max(f.invokedAt[i] as number, after), f.grantedAt[i] as number);
      bound[i] = lower;
      group = Math.max(group, lower, steady[i] === 1 ? mayEndFrom(f, i, rules, lower, firstBreak) : -Infinity);
    }
  }
}
