/**
 * Counts the hazards of a run (core/hazards.ts) from its history alone,
 * in one pass in history order. Each is counted where it happened:
 *
 * - a client's lease on a resource runs from its acquire's ok until it
 *   invokes its release (or acquires again); it is live on the lock
 *   service until one TTL after the ok;
 * - another client's grant of the resource while a lease is unreleased
 *   is `paused-past-lease` when a fault was in force on the holder's node
 *   (or a fault that names no nodes, a partition's), `holder-outlived`
 *   otherwise;
 * - a write invoked after its lease had certainly ended on the lock
 *   service (`ttlSpan(...).by`; the earliest end `from` for a lease with
 *   no certain end) is `write-after-lease`: a write that merely could have
 *   come late (its acquire waited in line, so the grant's moment is
 *   unknown) happens in fault-free runs all the time, and counting it
 *   would make every run look exercised;
 * - a write that failed "stale-token" is `stale-write-rejected`; one that
 *   returned ok with a token below one whose write had returned ok before
 *   it was sent is `stale-write-accepted`;
 * - a kill or power loss of a lock node, and a clock op naming one, count
 *   once each when any lease is live at its invoke (`grant-before-crash`,
 *   `clock-moved-under-lease`), judged when it completes: an aimed kill
 *   names its node only in its completion, and one that failed never
 *   struck;
 * - an acquire that completed `info` is `lost-acquire-reply`;
 * - a leader change is `leader-change-under-lease` when two leaders the
 *   nemesis saw in turn differ (its ops aimed at the leader or a grant
 *   record the leader last seen, `leader`, and how long before the op,
 *   `leaderSeenMsAgo`), and a lease unreleased at the later sighting was
 *   granted before the earlier one and still live at the later: the change
 *   fell between the two, under that lease. Runs that watch no leader
 *   record none, and a change between sightings nobody made is not seen.
 */
import { compareTokens, LOCK_ERRORS, runNodes, stepFaultsInForce, ttlSpan, type FaultInForce, type FaultShading, type HazardCounts, type HazardName, type Op, type RunConfig, type Token } from "../../core/index.js";

/** What the count needs besides the history. */
export interface HazardContext {
  readonly config: RunConfig;
  /** How the run's faults start and stop (the nemesis plan's shading). */
  readonly shading: readonly FaultShading[];
}

interface Lease {
  readonly resource: string;
  readonly invokedAt: number;
  readonly grantedAt: number;
  readonly node: string | undefined;
  /** Counted once: another client was granted its resource while it was unreleased. */
  takenOver: boolean;
}

/** The writes storage accepted on one resource whose token beat every earlier one: times and tokens both rise. */
interface AcceptedHighs {
  readonly at: number[];
  readonly tokens: Token[];
}

const NS_PER_MS = 1e6;

/** The hazards of `history`. Pure. */
export function countHazards(history: readonly Op[], ctx: HazardContext): HazardCounts {
  const counts: HazardCounts = {};
  const add = (name: HazardName): void => void (counts[name] = (counts[name] ?? 0) + 1);
  const lockNodes = new Set(runNodes(ctx.config).filter((n) => n.role === "lock").map((n) => n.id as string));
  const ttlNs = ctx.config.workload.ttlMs * NS_PER_MS;
  const invokes = new Map<unknown, Op>();
  const leases = new Map<number, Lease>();
  const accepted = new Map<string, AcceptedHighs>();
  let inForce: readonly FaultInForce[] = [];
  let lastLeader: { readonly node: string; readonly at: number } | undefined;

  const liveLease = (at: number): boolean => [...leases.values()].some((l) => at < l.grantedAt + ttlNs);
  const faultOn = (node: string | undefined): boolean => inForce.some((f) => f.nodes.length === 0 || (node !== undefined && f.nodes.includes(node)));

  for (const op of history) {
    inForce = stepFaultsInForce(inForce, op, ctx.shading).inForce;
    if (op.type === "invoke") invokes.set(op.process, op);
    const invoke = op.type === "invoke" ? op : invokes.get(op.process);
    if (op.process === "nemesis") {
      // Judged at the completion (an aimed kill names its node only there), as of the invoke; a fault that failed did not happen.
      const struck = op.type !== "invoke" && op.type !== "fail" && (strikesLockNode(op, lockNodes) || (invoke !== undefined && strikesLockNode(invoke, lockNodes)));
      if (struck && liveLease(invoke?.time ?? op.time)) add(op.f === "clock" ? "clock-moved-under-lease" : "grant-before-crash");
      const seen = leaderSeen(op);
      if (seen === undefined) continue;
      const from = lastLeader;
      if (from !== undefined && seen.node !== from.node && [...leases.values()].some((l) => l.grantedAt <= from.at && seen.at < l.grantedAt + ttlNs)) add("leader-change-under-lease");
      if (from === undefined || seen.at >= from.at) lastLeader = seen;
      continue;
    }
    if (typeof op.process !== "number") continue;
    const resource = (op.value as { resource?: unknown } | undefined)?.resource;
    if (typeof resource !== "string") continue;
    if (op.f === "acquire" && op.type === "info") add("lost-acquire-reply");
    if (op.f === "acquire" && op.type === "ok") {
      for (const [holder, lease] of leases) {
        if (holder === op.process || lease.resource !== resource || lease.takenOver) continue;
        lease.takenOver = true;
        add(faultOn(lease.node) ? "paused-past-lease" : "holder-outlived");
      }
      leases.set(op.process, { resource, invokedAt: invoke?.time ?? op.time, grantedAt: op.time, node: op.node, takenOver: false });
    }
    if (op.f === "release" && op.type === "invoke") leases.delete(op.process);
    if (op.f === "write" && op.type === "invoke") {
      const lease = leases.get(op.process);
      const span = lease === undefined ? undefined : ttlSpan(ctx.config, lease);
      if (lease?.resource === resource && span !== undefined && op.time > (span.by ?? span.from)) add("write-after-lease");
    }
    if (op.f === "write" && op.type === "fail" && op.error.code === LOCK_ERRORS.staleToken) add("stale-write-rejected");
    if (op.f === "write" && op.type === "ok") {
      const token = (op.value as { token?: unknown }).token;
      if (typeof token !== "string") continue;
      const highs = accepted.get(resource) ?? { at: [], tokens: [] };
      const before = highestBefore(highs, invoke?.time ?? op.time);
      if (before !== undefined && compareTokens(before, token) > 0) add("stale-write-accepted");
      const last = highs.tokens.at(-1);
      if (last === undefined || compareTokens(token, last) > 0) {
        highs.at.push(op.time);
        highs.tokens.push(token);
      }
      accepted.set(resource, highs);
    }
  }
  return counts;
}

/** The leader a nemesis op says it saw last, and when (harness ns); undefined when it names none. */
function leaderSeen(op: Op): { node: string; at: number } | undefined {
  const v = op.value as { leader?: unknown; leaderSeenMsAgo?: unknown } | undefined;
  if (typeof v?.leader !== "string") return undefined;
  const ago = typeof v.leaderSeenMsAgo === "number" && v.leaderSeenMsAgo >= 0 ? v.leaderSeenMsAgo : 0;
  return { node: v.leader, at: op.time - ago * NS_PER_MS };
}

/** Whether a kill, power loss or clock op names a lock node. */
function strikesLockNode(op: Op, lockNodes: ReadonlySet<string>): boolean {
  const value = op.value as { nodes?: unknown; skews?: unknown } | undefined;
  if (op.f === "clock") return Object.keys((value?.skews ?? {}) as object).some((node) => lockNodes.has(node));
  if (op.f !== "kill" && op.f !== "power-loss") return false;
  return Array.isArray(value?.nodes) && value.nodes.some((node) => lockNodes.has(String(node)));
}

/** The highest token storage had accepted on the resource before `at` (binary search over the rising highs). */
function highestBefore(highs: AcceptedHighs, at: number): Token | undefined {
  let [lo, hi] = [0, highs.at.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((highs.at[mid] as number) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : highs.tokens[lo - 1];
}
