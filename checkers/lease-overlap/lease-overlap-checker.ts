/**
 * Lease overlap: two clients believed they held the same resource at the
 * same time. With leases this is expected after expiry (a paused holder
 * wakes up still believing), and it is the reason fencing exists; it is a
 * violation only when the lock service certainly granted the resource twice
 * while the first lease was live: the double grants of the lock-service
 * checker, found by the same function over the same lease model
 * (checkers/lease), so the two checkers never disagree about one history's
 * leases. Leases without a token (redis, redlock, the npm libraries) are
 * judged too, by the proofs of a double grant that need no token order
 * (checkers/lock-service/double-grants.ts): two beliefs of one resource that
 * overlap prove nothing by themselves, since with leases a holder's belief
 * may outlive its lease.
 */
import { pairs, type CheckInput, type CheckResult, type Checker, type History, type OpPair, type Validity } from "../../core/index.js";
import { leaseRules, leasesOf, type Lease } from "../lease/index.js";
import { doubleGrantsOf, type DoubleGrant } from "../lock-service/index.js";

/** What happened to the earlier holder's writes after the second grant. */
export type OverlapWrites = "none" | "rejected" | "accepted" | "indeterminate";

/** One client's belief that it held a resource. Times are harness nanoseconds. */
export interface Belief {
  readonly process: number;
  readonly node: string | undefined;
  readonly resource: string;
  /** Undefined for a service without fencing tokens. */
  readonly token: string | undefined;
  readonly acquireInvokedAt: number;
  readonly grantedAt: number;
  /** When the belief ended (release invoke, last op of a retired process, or end of history). */
  readonly until: number;
  /** When the release completed `ok`, if it did. */
  readonly releasedAt: number | undefined;
}

/** Two clients' overlapping beliefs on one resource. Times are harness nanoseconds. */
export interface LeaseOverlap {
  readonly resource: string;
  /** The client that was granted first. */
  readonly first: Belief;
  readonly second: Belief;
  readonly overlapStart: number;
  readonly overlapEnd: number;
  /** The second grant may have come after the first lease ended on the server (lock service may be right). */
  readonly afterExpiry: boolean;
  /** The lock service certainly granted the resource twice while the first lease was live: a violation. */
  readonly certain: boolean;
  /**
   * The earlier holder's writes after the second grant while it still
   * believed it held the lease (possibly after the second holder released:
   * those writes are stale all the same).
   */
  readonly earlierWrites: OverlapWrites;
  /** True when the earlier holder wrote after the second grant and storage rejected every such write. */
  readonly savedByFencing: boolean;
}

/** The lease-overlap checker's verdict. */
export interface LeaseOverlapResult extends CheckResult {
  readonly valid: Validity;
  readonly overlaps: readonly LeaseOverlap[];
  readonly ttlMs: number;
}

/** The lease-overlap checker (name "lease-overlap"). Pure. */
export function leaseOverlapChecker(): Checker<LeaseOverlapResult> {
  return { name: "lease-overlap", check: checkLeaseOverlap };
}

/** Checks one run's history by its lease rules (the config's lease declaration and TTL). */
export function checkLeaseOverlap(input: Pick<CheckInput, "config" | "history">): LeaseOverlapResult {
  const rules = leaseRules(input.config);
  const leases = leasesOf(input.history, rules).sort((a, b) => a.grantedAt - b.grantedAt);
  const doubles = doubleGrantsOf(leases, rules);
  const byPair = new Map<string, DoubleGrant>();
  for (const d of doubles) byPair.set(pairKey(d.first, d.second), d);
  const writes = writesByProcess(input.history);
  const overlaps: LeaseOverlap[] = [];
  for (let i = 0; i < leases.length; i++) {
    const a = leases[i] as Lease;
    for (let j = i + 1; j < leases.length && (leases[j] as Lease).grantedAt < a.believedUntil; j++) {
      const b = leases[j] as Lease;
      if (b.resource !== a.resource || b.process === a.process) continue;
      if (byPair.has(pairKey(a, b)) || byPair.has(pairKey(b, a))) continue;
      overlaps.push(overlap(a, b, undefined, writes.get(a.process) ?? []));
    }
  }
  // Every double grant is an overlap, whichever grant returned first and however far apart the two returned.
  for (const d of doubles) overlaps.push(overlap(d.first, d.second, d, writes.get(d.first.process) ?? []));
  overlaps.sort((x, y) => x.overlapStart - y.overlapStart);
  return { valid: doubles.length === 0, overlaps, ttlMs: input.config.workload.ttlMs };
}

function pairKey(a: Lease, b: Lease): string {
  return `${a.process}\u0000${a.invokedAt}\u0000${b.process}\u0000${b.invokedAt}`;
}

function belief(l: Lease): Belief {
  return {
    process: l.process, node: l.node, resource: l.resource, token: l.token, acquireInvokedAt: l.invokedAt,
    grantedAt: l.grantedAt, until: l.believedUntil, releasedAt: l.releasedAt,
  };
}

function overlap(a: Lease, b: Lease, double: DoubleGrant | undefined, writes: readonly OpPair[]): LeaseOverlap {
  const overlapStart = double?.overlapStart ?? b.grantedAt;
  const overlapEnd = double?.overlapEnd ?? Math.min(a.believedUntil, b.believedUntil);
  const earlierWrites = writesInside(writes, a, b.grantedAt, a.believedUntil);
  return {
    resource: a.resource, first: belief(a), second: belief(b), overlapStart, overlapEnd,
    afterExpiry: b.grantedAt >= a.mayEndFrom, certain: double !== undefined, earlierWrites, savedByFencing: earlierWrites === "rejected",
  };
}

function writesByProcess(history: History): Map<number, OpPair[]> {
  const out = new Map<number, OpPair[]>();
  for (const pair of pairs(history)) {
    const p = pair.invoke.process;
    if (pair.invoke.f !== "write" || typeof p !== "number") continue;
    const list = out.get(p) ?? [];
    list.push(pair);
    out.set(p, list);
  }
  return out;
}

function writesInside(writes: readonly OpPair[], holder: Lease, start: number, end: number): OverlapWrites {
  const outcomes = new Set<string>();
  for (const { invoke, completion } of writes) {
    const v = invoke.value as { resource?: unknown } | null;
    if (v?.resource !== holder.resource || invoke.time < holder.grantedAt) continue;
    const doneAt = completion?.time ?? Number.POSITIVE_INFINITY;
    if (invoke.time > end || doneAt < start) continue;
    outcomes.add(completion?.type ?? "info");
  }
  if (outcomes.size === 0) return "none";
  if (outcomes.has("ok")) return "accepted";
  if (outcomes.has("info")) return "indeterminate";
  return "rejected";
}
