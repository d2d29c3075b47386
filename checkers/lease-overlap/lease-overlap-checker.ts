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
import { leaseAt, leaseRules, leaseTable, type Lease } from "../lease/index.js";
import { doubleGrantsOf, grantOrderOf, type DoubleGrant } from "../lock-service/index.js";

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

/**
 * Checks one run's history by its lease rules (the config's lease
 * declaration and TTL). The leases are walked as columns; only those of an
 * overlap are made objects, and the earlier holder's writes are looked up
 * only when there is an overlap.
 */
export function checkLeaseOverlap(input: Pick<CheckInput, "config" | "history">): LeaseOverlapResult {
  const rules = leaseRules(input.config);
  const t = leaseTable(input.history, rules);
  const byGrant = grantOrderOf(t);
  const doubles = doubleGrantsOf(t, rules, byGrant);
  const byPair = new Map<string, DoubleGrant>();
  for (const d of doubles) byPair.set(pairKey(d.first, d.second), d);
  let writes: ProcessWrites | undefined;
  const writesOf = (holder: Lease, start: number): OverlapWrites => (writes ??= processWrites(input.history)).inside(holder, start);
  const overlaps: LeaseOverlap[] = [];
  for (let x = 0; x < byGrant.length; x++) {
    const i = byGrant[x] as number;
    for (let y = x + 1; y < byGrant.length && (t.grantedAt[byGrant[y] as number] as number) < (t.believedUntil[i] as number); y++) {
      const j = byGrant[y] as number;
      if (t.resource[j] !== t.resource[i] || t.process[j] === t.process[i]) continue;
      const a = leaseAt(t, i);
      const b = leaseAt(t, j);
      if (byPair.has(pairKey(a, b)) || byPair.has(pairKey(b, a))) continue;
      overlaps.push(overlap(a, b, undefined, writesOf));
    }
  }
  // Every double grant is an overlap, whichever grant returned first and however far apart the two returned.
  for (const d of doubles) overlaps.push(overlap(d.first, d.second, d, writesOf));
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

function overlap(a: Lease, b: Lease, double: DoubleGrant | undefined, writesOf: (holder: Lease, start: number) => OverlapWrites): LeaseOverlap {
  const overlapStart = double?.overlapStart ?? b.grantedAt;
  const overlapEnd = double?.overlapEnd ?? Math.min(a.believedUntil, b.believedUntil);
  const earlierWrites = writesOf(a, b.grantedAt);
  return {
    resource: a.resource, first: belief(a), second: belief(b), overlapStart, overlapEnd,
    afterExpiry: b.grantedAt >= a.mayEndFrom, certain: double !== undefined, earlierWrites, savedByFencing: earlierWrites === "rejected",
  };
}

/** Each process's writes, as positions in the history's pairs and their invoke times. */
interface ProcessWrites {
  /** What happened to `holder`'s writes on its resource invoked from its grant on and until its belief ended, and not done before `start`. */
  inside(holder: Lease, start: number): OverlapWrites;
}

function processWrites(history: History): ProcessWrites {
  const all = pairs(history);
  const byProcess = new Map<number, { at: number[]; time: number[] }>();
  for (let k = 0; k < all.length; k++) {
    const { invoke } = all[k] as OpPair;
    const p = invoke.process;
    if (invoke.f !== "write" || typeof p !== "number") continue;
    const list = byProcess.get(p) ?? { at: [], time: [] };
    byProcess.set(p, list);
    list.at.push(k);
    list.time.push(invoke.time);
  }
  const sorted = [...byProcess.values()].every(({ time }) => time.every((x, i) => i === 0 || (time[i - 1] as number) <= x));
  return {
    inside(holder, start) {
      const { at, time } = byProcess.get(holder.process) ?? { at: [], time: [] };
      // In invoke-time order only the writes from the grant to the belief's end need be made.
      let from = 0;
      if (sorted) for (let hi = time.length; from < hi;) {
        const mid = (from + hi) >> 1;
        if ((time[mid] as number) < holder.grantedAt) from = mid + 1;
        else hi = mid;
      }
      const picked: OpPair[] = [];
      for (let i = from; i < at.length && !(sorted && (time[i] as number) > holder.believedUntil); i++) picked.push(all[at[i] as number] as OpPair);
      return writesInside(picked, holder, start, holder.believedUntil);
    },
  };
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
