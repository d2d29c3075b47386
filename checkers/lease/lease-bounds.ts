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
 */
import { compareTokens, type History } from "../../core/index.js";
import { leaseFacts, type LeaseFacts } from "./lease-history.js";
import type { LeaseRules } from "./lease-rules.js";

/** One lease with what the history proves of it. Times are harness nanoseconds. */
export interface Lease extends LeaseFacts {
  /** The proven lower bound of the grant's instant: its invoke, raised along the token order (never past its ok). */
  readonly grantNoEarlierThan: number;
  /** The earliest instant it may have ended on the server: it is certainly live over [grantedAt, mayEndFrom). */
  readonly mayEndFrom: number;
  /** An instant by which it had certainly ended (a fixed TTL's expiry, or its release's ok), when one is known. */
  readonly endedBy: number | undefined;
}

/** Every lease of `history`, in acquire-invoke order, judged by `rules`. Pure, O(n log n). */
export function leasesOf(history: History, rules: LeaseRules): Lease[] {
  const facts = leaseFacts(history, rules);
  const bound = new Map<LeaseFacts, number>(facts.map((f) => [f, f.invokedAt]));
  if (rules.timedFrom === "grant") narrowByTokens(facts, rules, bound);
  return facts.map((f) => withBounds(f, rules, bound.get(f) as number));
}

/** The earliest instant a lease may have ended, given the lower bound of its grant. */
export function mayEndFrom(f: LeaseFacts, rules: LeaseRules, grantNoEarlierThan: number): number {
  const ttlStart = rules.timedFrom === "grant" ? grantNoEarlierThan : f.invokedAt;
  let end = Math.min(ttlStart + rules.shortestNs, f.releaseInvokedAt ?? Infinity);
  if (rules.ends === "client-session") {
    end = Math.min(end, f.retiredAt ?? Infinity, f.sessionBreaks.find((t) => t >= grantNoEarlierThan) ?? Infinity);
  }
  return end;
}

/** The instant after which a lease granted (replied) at `grantedAt` has certainly ended by its TTL; undefined when something may renew it. */
export function certainExpiry(grantedAt: number, rules: LeaseRules): number | undefined {
  return rules.certainExpiry ? grantedAt + rules.longestNs : undefined;
}

function withBounds(f: LeaseFacts, rules: LeaseRules, grantNoEarlierThan: number): Lease {
  const expiry = certainExpiry(f.grantedAt, rules);
  const ends = [expiry, f.releasedAt].filter((t): t is number => t !== undefined);
  return { ...f, grantNoEarlierThan, mayEndFrom: mayEndFrom(f, rules, grantNoEarlierThan), endedBy: ends.length > 0 ? Math.min(...ends) : undefined };
}

/** Raises each grant's lower bound along its resource's token order (see the file comment). */
function narrowByTokens(facts: readonly LeaseFacts[], rules: LeaseRules, bound: Map<LeaseFacts, number>): void {
  const byResource = new Map<string, LeaseFacts[]>();
  for (const f of facts) {
    if (f.token === undefined) continue;
    const list = byResource.get(f.resource) ?? [];
    list.push(f);
    byResource.set(f.resource, list);
  }
  for (const list of byResource.values()) {
    list.sort((a, b) => compareTokens(a.token as string, b.token as string));
    // `after`: the bound every grant of a strictly higher token inherits; `group`: what the current token's grants pass on.
    let after = -Infinity;
    let group = -Infinity;
    for (let i = 0; i < list.length; i++) {
      const f = list[i] as LeaseFacts;
      const prev = list[i - 1];
      if (prev !== undefined && compareTokens(prev.token as string, f.token as string) < 0) after = Math.max(after, group);
      const lower = Math.min(Math.max(f.invokedAt, after), f.grantedAt);
      bound.set(f, lower);
      group = Math.max(group, lower, mayEndFrom(f, rules, lower));
    }
  }
}
