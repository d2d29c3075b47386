/**
 * Lease overlap: two clients believed they held the same resource at the
 * same time. With leases this is expected after expiry (a paused holder
 * wakes up still believing), and it is the reason fencing exists; it is a
 * violation only when the lock service certainly granted the resource twice
 * before the first lease could have expired.
 */
import { pairs, type CheckInput, type CheckResult, type Checker, type History, type OpPair, type Validity } from "../../core/index.js";
import { beliefIntervals, type Belief } from "./belief-intervals.js";

/** What happened to the earlier holder's writes after the second grant. */
export type OverlapWrites = "none" | "rejected" | "accepted" | "indeterminate";

/** Two clients' overlapping beliefs on one resource. Times are harness nanoseconds. */
export interface LeaseOverlap {
  readonly resource: string;
  /** The client that was granted first. */
  readonly first: Belief;
  readonly second: Belief;
  readonly overlapStart: number;
  readonly overlapEnd: number;
  /** The second grant may have come after the first lease expired on the server (lock service may be right). */
  readonly afterExpiry: boolean;
  /** The lock service certainly granted the resource twice before expiry: a violation. */
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

/** Checks one run's history against the configured lease time to live. */
export function checkLeaseOverlap(input: Pick<CheckInput, "config" | "history">): LeaseOverlapResult {
  const ttlNs = input.config.workload.ttlMs * 1e6;
  const overlaps: LeaseOverlap[] = [];
  const beliefs = beliefIntervals(input.history);
  const writes = writesByProcess(input.history);
  for (let i = 0; i < beliefs.length; i++) {
    const a = beliefs[i] as Belief;
    for (let j = i + 1; j < beliefs.length; j++) {
      const b = beliefs[j] as Belief;
      if (b.grantedAt >= a.until) break;
      if (b.resource !== a.resource || b.process === a.process) continue;
      overlaps.push(overlap(a, b, ttlNs, writes.get(a.process) ?? []));
    }
  }
  return { valid: !overlaps.some((o) => o.certain), overlaps, ttlMs: input.config.workload.ttlMs };
}

function overlap(a: Belief, b: Belief, ttlNs: number, writes: readonly OpPair[]): LeaseOverlap {
  const expiresNoEarlierThan = a.acquireInvokedAt + ttlNs;
  const releasedBefore = a.releasedAt !== undefined && a.releasedAt < b.acquireInvokedAt;
  const certain = b.acquireInvokedAt > a.grantedAt && b.grantedAt < expiresNoEarlierThan && !releasedBefore;
  const overlapStart = b.grantedAt;
  const overlapEnd = Math.min(a.until, b.until);
  const earlierWrites = writesInside(writes, a, overlapStart, a.until);
  return {
    resource: a.resource, first: a, second: b, overlapStart, overlapEnd,
    afterExpiry: b.grantedAt >= expiresNoEarlierThan, certain, earlierWrites, savedByFencing: earlierWrites === "rejected",
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

function writesInside(writes: readonly OpPair[], holder: Belief, start: number, end: number): OverlapWrites {
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
