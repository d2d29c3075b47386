/**
 * Double grants: two holders of one resource whose leases were certainly
 * both live on the server at one instant, by the lease model
 * (checkers/lease): a lease is certainly live over [grant, mayEndFrom).
 * Two ways to know it:
 *
 * - "overlap": both had been granted by the later of the two oks, and
 *   neither could have ended by then (the acquires may have been
 *   concurrent: no order is needed);
 * - "ordered": one grant certainly came after the other, because it was
 *   asked for after the other returned ("asked-after") or because its
 *   token is higher ("token-order", the lock service's own promise), and
 *   it had returned before the earlier lease could have ended. At the
 *   instant of the later grant both were live.
 *
 * Leases without a token (redis, redlock, most npm lock libraries) are
 * judged by the two proofs that need none, "overlap" and "asked-after":
 * a service without tokens still promises one holder at a time. The
 * token-order proof needs both tokens, and a token-less lease's grant
 * window is never narrowed (checkers/lease), so its `mayEndFrom` is the
 * earliest the adapter's lease model allows. A clock nemesis that makes
 * the service (or a library judging staleness on a client's clock)
 * expire leases early is exactly the broken promise this finds.
 */
import { compareTokens, type History, type RunConfig } from "../../core/index.js";
import { leaseRules, leasesOf, type Lease, type LeaseRules } from "../lease/index.js";

/** How a double grant is known. */
export type DoubleGrantProof = "overlap" | "asked-after" | "token-order";

/** Two holders of one resource, both certainly live during [overlapStart, overlapEnd) (harness nanoseconds). */
export interface DoubleGrant {
  readonly resource: string;
  /** The lease granted first (for "overlap", the one that returned first). */
  readonly first: Lease;
  readonly second: Lease;
  readonly proof: DoubleGrantProof;
  /** For "ordered" proofs the later grant's window, through which the first lease was live. */
  readonly overlapStart: number;
  readonly overlapEnd: number;
  readonly message: string;
}

/** Every pair of different holders of one resource whose leases were certainly live at once. Pure. */
export function doubleGrants(history: History, config: RunConfig): DoubleGrant[] {
  const rules = leaseRules(config);
  return doubleGrantsOf(leasesOf(history, rules), rules);
}

/**
 * As `doubleGrants`, over leases already judged by `rules`. Pure. Every
 * proof of `judgePair(a, b)` needs `b` granted at or after `a`'s invoke
 * (or its grant, if earlier; an ok is never recorded before its invoke), so only that resource's leases from there
 * until `a` may have ended are tried: O(n log n + pairs tried), where
 * scanning every resource's grants a TTL back was quadratic in long runs.
 */
export function doubleGrantsOf(all: readonly Lease[], rules: LeaseRules): DoubleGrant[] {
  const leases = [...all].sort((a, b) => a.grantedAt - b.grantedAt);
  const byResource = new Map<string, number[]>();
  leases.forEach((l, i) => {
    const list = byResource.get(l.resource);
    if (list === undefined) byResource.set(l.resource, [i]);
    else list.push(i);
  });
  const out: DoubleGrant[] = [];
  const seen = new Set<string>();
  leases.forEach((a, i) => {
    const same = byResource.get(a.resource) as number[];
    const from = Math.max(Math.min(a.invokedAt, a.grantedAt - rules.shortestNs), Math.min(a.invokedAt, a.grantedAt));
    for (let k = lowerIndex(leases, same, from); k < same.length && (leases[same[k] as number] as Lease).grantedAt < a.mayEndFrom; k++) {
      const j = same[k] as number;
      const b = leases[j] as Lease;
      if (j === i || b.process === a.process) continue;
      const found = judgePair(a, b);
      if (found === undefined) continue;
      const key = `${Math.min(i, j)},${Math.max(i, j)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(found);
    }
  });
  return out;
}

/** A double grant with `a` live when `b` was granted, or undefined when none is proven. */
function judgePair(a: Lease, b: Lease): DoubleGrant | undefined {
  const order = b.invokedAt >= a.grantedAt ? "asked-after"
    : a.token !== undefined && b.token !== undefined && compareTokens(a.token, b.token) < 0 && b.grantedAt >= a.invokedAt ? "token-order" : undefined;
  if (order !== undefined && b.grantedAt < a.mayEndFrom) {
    return grant(a, b, order, Math.max(b.grantNoEarlierThan, a.invokedAt), Math.min(a.mayEndFrom, Math.max(b.grantedAt, b.mayEndFrom)));
  }
  const start = Math.max(a.grantedAt, b.grantedAt);
  if (a.grantedAt <= b.grantedAt && start < Math.min(a.mayEndFrom, b.mayEndFrom)) {
    return grant(a, b, "overlap", start, Math.min(a.mayEndFrom, b.mayEndFrom));
  }
  return undefined;
}

function grant(a: Lease, b: Lease, proof: DoubleGrantProof, overlapStart: number, overlapEnd: number): DoubleGrant {
  const who = `${holder(a)} and ${holder(b)}`;
  const ms = (ns: number): string => (ns / 1e6).toFixed(0);
  const s = (ns: number): string => `${(ns / 1e9).toFixed(3)} s`;
  const message = proof === "overlap"
    ? `"${a.resource}" was held by ${who} at once for ${ms(overlapEnd - overlapStart)} ms before either lease could have ended`
    : `"${a.resource}" was granted to ${holder(b)} by ${s(b.grantedAt)}, ` +
      `${proof === "asked-after" ? "asked for after" : "with a higher token than"} ${holder(a, "'s grant")}, ` +
      `whose lease could not have ended before ${s(a.mayEndFrom)}`;
  return { resource: a.resource, first: a, second: b, proof, overlapStart, overlapEnd, message };
}

/** "client 3 (token "7")", or "client 3 (no token)"; `what` follows the client's name. */
function holder(l: Lease, what = ""): string {
  return `client ${l.process}${what} (${l.token === undefined ? "no token" : `token "${l.token}"`})`;
}

/** The first position in `at` (indexes into `leases`, in grant order) whose grant returned at or after `t`. */
function lowerIndex(leases: readonly Lease[], at: readonly number[], t: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((leases[at[mid] as number] as Lease).grantedAt < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
