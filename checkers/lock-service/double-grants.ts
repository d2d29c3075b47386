/**
 * Double grants: two holders whose server-side leases on one resource were
 * certainly both unexpired at the same moment. A grant happened somewhere in
 * its acquire's [invoke, ok]; its lease lives on the server at least until
 * invoke + ttl, unless the holder asked to release it (from the release's
 * invoke on, the service may have dropped it). So a lease is certainly live
 * over [ok, min(invoke + ttl, release invoke)); two such intervals of
 * different holders that overlap are a broken promise, whether the acquires
 * were concurrent or not. Assumes server clocks that do not run fast: a
 * clock nemesis can make the service expire leases early, and then this is
 * exactly the broken real-time promise the seed warns about.
 */
import { pairs, toToken, type History } from "../../core/index.js";

/** A lease certainly live on the server over [from, to) (harness nanoseconds). */
export interface LiveLease {
  readonly process: number;
  readonly resource: string;
  readonly token: string;
  readonly acquireInvokedAt: number;
  readonly from: number;
  readonly to: number;
}

/** Two holders of one resource, both certainly unexpired during [overlapStart, overlapEnd). */
export interface DoubleGrant {
  readonly resource: string;
  readonly first: LiveLease;
  readonly second: LiveLease;
  readonly overlapStart: number;
  readonly overlapEnd: number;
  readonly message: string;
}

/** The leases certainly live on the server, per acquire `ok`, in grant order. Pure. */
export function liveLeases(history: History, ttlMs: number): LiveLease[] {
  const ttlNs = ttlMs * 1e6;
  const open = new Map<string, { lease: Omit<LiveLease, "to">; to: number }>();
  const out: LiveLease[] = [];
  const close = (key: string, at: number): void => {
    const o = open.get(key);
    if (o === undefined) return;
    open.delete(key);
    if (Math.min(o.to, at) > o.lease.from) out.push({ ...o.lease, to: Math.min(o.to, at) });
  };
  for (const { invoke, completion } of pairs(history)) {
    const v = (completion?.value ?? invoke.value) as { resource?: unknown; token?: unknown } | null;
    if (typeof invoke.process !== "number" || typeof v?.resource !== "string") continue;
    const key = `${invoke.process}\u0000${v.resource}`;
    // A release, or a new acquire by the same holder, may end the lease from its invoke on.
    if (invoke.f === "release" || invoke.f === "acquire") close(key, invoke.time);
    const token = toToken(v.token);
    if (invoke.f !== "acquire" || completion?.type !== "ok" || token === undefined) continue;
    const lease = { process: invoke.process, resource: v.resource, token, acquireInvokedAt: invoke.time, from: completion.time };
    open.set(key, { lease, to: invoke.time + ttlNs });
  }
  for (const key of [...open.keys()]) close(key, Number.POSITIVE_INFINITY);
  return out.sort((a, b) => a.from - b.from);
}

/** Every pair of different holders whose certainly-live leases on one resource overlap. Pure. */
export function doubleGrants(history: History, ttlMs: number): DoubleGrant[] {
  const leases = liveLeases(history, ttlMs);
  const out: DoubleGrant[] = [];
  for (let i = 0; i < leases.length; i++) {
    const a = leases[i] as LiveLease;
    for (let j = i + 1; j < leases.length && (leases[j] as LiveLease).from < a.to; j++) {
      const b = leases[j] as LiveLease;
      if (b.resource !== a.resource || b.process === a.process) continue;
      const overlapEnd = Math.min(a.to, b.to);
      out.push({
        resource: a.resource, first: a, second: b, overlapStart: b.from, overlapEnd,
        message:
          `"${a.resource}" was held by client ${a.process} (token "${a.token}") and client ${b.process} (token "${b.token}") ` +
          `at once for ${((overlapEnd - b.from) / 1e6).toFixed(0)} ms before either lease could have expired`,
      });
    }
  }
  return out;
}
