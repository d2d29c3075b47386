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
import { compareTokensAt, leaseAt, leaseRules, leaseTable, type Lease, type LeaseRules, type LeaseTable } from "../lease/index.js";

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
  return doubleGrantsOf(leaseTable(history, rules), rules);
}

/** The table's lease indices in grant (ok) order; ties keep acquire-invoke order. Pure. */
export function grantOrderOf(t: LeaseTable): Int32Array {
  const order = new Int32Array(t.length);
  for (let i = 0; i < t.length; i++) order[i] = i;
  return order.sort((a, b) => (t.grantedAt[a] as number) - (t.grantedAt[b] as number) || a - b);
}

/**
 * As `doubleGrants`, over a lease table already judged by `rules`, in
 * grant order (`byGrant`, as `grantOrderOf` gives it). Pure. Every
 * proof of `judgePair(a, b)` needs `b` granted at or after `a`'s invoke
 * (or its grant, if earlier; an ok is never recorded before its invoke), so only that resource's leases from there
 * until `a` may have ended are tried: O(n log n + pairs tried), where
 * scanning every resource's grants a TTL back was quadratic in long runs.
 * Only the leases of a double grant are made objects.
 */
export function doubleGrantsOf(t: LeaseTable, rules: LeaseRules, byGrant: Int32Array = grantOrderOf(t)): DoubleGrant[] {
  const byResource = new Map<number, number[]>();
  for (const i of byGrant) {
    const list = byResource.get(t.resource[i] as number);
    if (list === undefined) byResource.set(t.resource[i] as number, [i]);
    else list.push(i);
  }
  const out: DoubleGrant[] = [];
  const seen = new Set<string>();
  for (const a of byGrant) {
    const same = byResource.get(t.resource[a] as number) as number[];
    const invokedAt = t.invokedAt[a] as number;
    const grantedAt = t.grantedAt[a] as number;
    const from = Math.max(Math.min(invokedAt, grantedAt - rules.shortestNs), Math.min(invokedAt, grantedAt));
    for (let k = lowerIndex(t, same, from); k < same.length && (t.grantedAt[same[k] as number] as number) < (t.mayEndFrom[a] as number); k++) {
      const b = same[k] as number;
      if (b === a || t.process[b] === t.process[a]) continue;
      const found = judgePair(t, a, b);
      if (found === undefined) continue;
      const key = `${Math.min(a, b)},${Math.max(a, b)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(found);
    }
  }
  return out;
}

/** A double grant with lease `a` live when lease `b` was granted, or undefined when none is proven. */
function judgePair(t: LeaseTable, a: number, b: number): DoubleGrant | undefined {
  const [aInvoked, aGranted, aMayEnd] = [t.invokedAt[a] as number, t.grantedAt[a] as number, t.mayEndFrom[a] as number];
  const [bInvoked, bGranted, bMayEnd] = [t.invokedAt[b] as number, t.grantedAt[b] as number, t.mayEndFrom[b] as number];
  const tokens = t.token[a] !== undefined && t.token[b] !== undefined;
  const order = bInvoked >= aGranted ? "asked-after"
    : tokens && compareTokensAt(t, a, b, compareTokens) < 0 && bGranted >= aInvoked ? "token-order" : undefined;
  if (order !== undefined && bGranted < aMayEnd) {
    return grant(leaseAt(t, a), leaseAt(t, b), order, Math.max(t.grantNoEarlierThan[b] as number, aInvoked), Math.min(aMayEnd, Math.max(bGranted, bMayEnd)));
  }
  const start = Math.max(aGranted, bGranted);
  if (aGranted <= bGranted && start < Math.min(aMayEnd, bMayEnd)) {
    return grant(leaseAt(t, a), leaseAt(t, b), "overlap", start, Math.min(aMayEnd, bMayEnd));
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

/** The first position in `at` (lease indices in grant order) whose grant returned at or after `time`. */
function lowerIndex(t: LeaseTable, at: readonly number[], time: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((t.grantedAt[at[mid] as number] as number) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
