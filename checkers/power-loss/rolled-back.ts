/**
 * Writes a power loss may have rolled back. A storage node records its
 * decision before its journal line is fsynced (it answers the client only
 * after), so a power loss (`power-loss`, lose-unfsynced) that strikes in
 * between takes back a write the records still call accepted: its client
 * got no answer, and the node restarts without it. A later write judged
 * against it (a lower token after it, a decision after it) would then be
 * judged against a write storage no longer held.
 *
 * An accepted write is *in doubt* when its client was never told ok and a
 * power loss of its node may have struck after storage decided it (the
 * loss completed after the write was invoked). For a later decision of the
 * same node on the same key, it was:
 * - "present" when no power loss of the node may have struck between the
 *   two (none completed after the first was invoked and began before the
 *   second completed), or when the later record's `highest` (the highest
 *   token the node held when it decided) is at least the in-doubt write's
 *   token: then the node held that token;
 * - "absent" when our storage node's `highest` is below that token: the
 *   node restarted without it (our storage replays its journal, so
 *   `highest` survives a restart exactly as the writes do);
 * - "unknown" otherwise: a token-less write (`highest` says nothing of
 *   it), and the S3 proxy, whose `highest` lives in its memory and starts
 *   empty after a restart, so it cannot tell a rolled-back write from a
 *   kept one. A write judged against an "unknown" one is undecided, never
 *   stale.
 * A write its client was told ok is durable (our storage answers after the
 * fsync), so never in doubt.
 */
import { compareTokens, opFields, pairPositions, type History, type StorageRecord } from "../../core/index.js";

/** Whether an in-doubt write was still in storage when a later decision was made. */
export type Presence = "present" | "absent" | "unknown";

/** What the power losses of a run may have done to the accepted writes (storage records by index). */
export interface RolledBack {
  /** True when record `i` is an accepted write a power loss may have rolled back. */
  inDoubt(i: number): boolean;
  /** Whether record `earlier` (in doubt) was in storage when record `later`, of the same node and key and after it in the log, was decided. */
  presentAt(earlier: number, later: number): Presence;
}

/** Storage modes of the S3 proxy, whose `highest` does not survive its restart. */
const FORGETFUL_HIGHEST: ReadonlySet<string> = new Set(["s3", "s3-conditional"]);

/** A power loss: the nodes it struck, when it began and when it had certainly ended (Infinity: never seen to end). */
interface Loss {
  readonly nodes: readonly string[];
  readonly from: number;
  readonly until: number;
}

/** A write as the history shows it, for its storage record. Harness nanoseconds; `completedAt` Infinity when it never completed. */
interface WriteTimes {
  readonly invokedAt: number;
  readonly completedAt: number;
  readonly acknowledged: boolean;
}

const NO_DOUBT: RolledBack = { inDoubt: () => false, presentAt: () => "present" };

/** The doubts the run's power losses raise over `storage`'s accepted writes. Pure; O(n) and nothing kept when no power was lost. */
export function rolledBack(history: History, storage: readonly StorageRecord[]): RolledBack {
  const losses = powerLosses(history);
  if (losses.length === 0) return NO_DOUBT;
  const writes = writeTimes(history);
  const times = (i: number): WriteTimes | undefined => {
    const r = storage[i] as StorageRecord;
    return writes.get(writeKey(r.client, r.key, r.value));
  };
  const lossBetween = (node: string, after: number, before: number): boolean =>
    losses.some((l) => l.nodes.includes(node) && l.until >= after && l.from <= before);
  const inDoubt = (i: number): boolean => {
    const r = storage[i] as StorageRecord;
    const w = times(i);
    return r.accepted && w?.acknowledged !== true && lossBetween(r.node, w?.invokedAt ?? -Infinity, Infinity);
  };
  return {
    inDoubt,
    presentAt(earlier, later) {
      if (!inDoubt(earlier)) return "present";
      const e = storage[earlier] as StorageRecord;
      const l = storage[later] as StorageRecord;
      if (e.node !== l.node) return "present";
      if (!lossBetween(e.node, times(earlier)?.invokedAt ?? -Infinity, times(later)?.completedAt ?? Infinity)) return "present";
      if (e.token === null || FORGETFUL_HIGHEST.has(l.mode)) return "unknown";
      return l.highest !== null && compareTokens(l.highest, e.token) >= 0 ? "present" : "absent";
    },
  };
}

/** The history's power losses: each `power-loss` op's nodes, its invoke, and its completion. */
function powerLosses(history: History): Loss[] {
  const fields = opFields(history);
  const losses: Loss[] = [];
  const open: { nodes: readonly string[]; from: number }[] = [];
  for (let i = 0; i < fields.length; i++) {
    if (fields.process(i) !== "nemesis" || fields.f(i) !== "power-loss") continue;
    if (fields.type(i) === "invoke") {
      const nodes = (fields.value(i) as { nodes?: unknown } | null)?.nodes;
      open.push({ nodes: Array.isArray(nodes) ? nodes.filter((n): n is string => typeof n === "string") : [], from: fields.time(i) });
    } else {
      const started = open.shift();
      if (started) losses.push({ ...started, until: fields.time(i) });
    }
  }
  return [...losses, ...open.map((o) => ({ ...o, until: Infinity }))];
}

/** Each write's times by (client, key, value), which the lock-write workload makes unique. */
function writeTimes(history: History): Map<string, WriteTimes> {
  const fields = opFields(history);
  const { n, invokeAt, completionAt } = pairPositions(history);
  const out = new Map<string, WriteTimes>();
  for (let k = 0; k < n; k++) {
    const i = invokeAt[k] as number;
    const process = fields.process(i);
    if (fields.f(i) !== "write" || typeof process !== "number") continue;
    const v = fields.value(i) as { resource?: unknown; value?: unknown } | null;
    if (typeof v?.resource !== "string" || typeof v.value !== "string") continue;
    const c = completionAt[k] as number;
    out.set(writeKey(String(process), v.resource, v.value), {
      invokedAt: fields.time(i), completedAt: c === -1 ? Infinity : fields.time(c), acknowledged: c !== -1 && fields.type(c) === "ok",
    });
  }
  return out;
}

function writeKey(client: string, key: string, value: string): string {
  return `${client}\u0000${key}\u0000${value}`;
}
