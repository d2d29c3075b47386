/**
 * When the nemesis may have moved the clocks that time leases. A lease's
 * TTL runs on the lock service's clock: its one node's for a single-node
 * service, any lock node's for a replicated one (etcd, ZooKeeper, Redlock,
 * quorum), so every lock node's clock counts for every lease.
 *
 * A clock at rate 1 with a constant offset times a lease exactly as the
 * real clock does: whatever the offset, the lease lasts as long (so does a
 * monotonic clock faked with `clock.monotonic=true`). So a lease's TTL
 * bounds hold in real time when no lock node's clock was being changed,
 * and each ran at rate 1, from its acquire's invoke until it had certainly
 * ended (its release's ok, or ok + the longest TTL): then it is timed on
 * `steady` clocks (lease-bounds.ts). What moves a lock node's clock, read
 * from the nemesis's ops (nemesis/clock, nemesis/pause, nemesis/kill,
 * nemesis/disk), each over a window of harness time:
 *
 * - a `clock` op naming it (in `skews`, or in its completion's `clocks`),
 *   from its invoke to its completion: the change lands somewhere in
 *   between (a strobe flips all through it). At a rate other than 1 the
 *   clock keeps moving against real time from that invoke until an op that
 *   sets rate 1 (a `clock` op at rate 1, a `reset-clock`) has completed;
 * - a `reset-clock` naming it (naming no node: any lock node), from its
 *   invoke to its completion; after it the node runs real;
 * - a `pause` with `freezeClock` naming it: it sets the clock back at each
 *   pause, and only the nemesis's teardown puts it right, so from that
 *   invoke to the end of the run;
 * - a `restart` or `power-on` of it while its clock is not known to be
 *   real: the new process may read the real clock until the node's moved
 *   clock reaches it (the clock injector attaches once the node is ready,
 *   before the restart returns), from its invoke to its completion.
 *
 * An op that never completed moves the clock until the end of the run; one
 * that completed with an error (or failed) may or may not have done what it
 * asked, so it leaves the node at no better rate than before. Nemesis ops
 * are paired in order (a last heal records its invokes, then their
 * completions, in the same order). In a run whose nemesis changed some
 * clock, an op that names a lock node's clock change in a form this cannot
 * read, or a completion that pairs with no invoke of its `f`, leaves every
 * lease's timing unknown (`unreadable`). Pure.
 */
import { nemesisOps, type History, type Op } from "../../core/index.js";

/** When lock-node clocks may have moved. Times are harness nanoseconds. */
export interface LockClockMoves {
  /** The lock nodes whose clock a nemesis op changed, or may have, in the order first changed. */
  readonly nodes: readonly string[];
  /** Why no lease's timing is known (an op this cannot read); "" when every op was read. */
  readonly unreadable: string;
  /** Disjoint closed intervals, in time order, in which some lock node's clock moved; an end may be Infinity. */
  readonly starts: Float64Array;
  readonly ends: Float64Array;
}

/** No lock clock moved. */
export const NO_CLOCK_MOVES: LockClockMoves = { nodes: [], unreadable: "", starts: new Float64Array(0), ends: new Float64Array(0) };

/** What a node's clock is known to be after the ops read so far. */
type ClockState = { readonly kind: "real" | "steady" } | { readonly kind: "drifting"; readonly since: number };

/** The moves of `lockNodes`' clocks in `history`'s nemesis ops. */
export function lockClockMoves(history: History, lockNodes: ReadonlySet<string>): LockClockMoves {
  const state = new Map<string, ClockState>();
  const spans: [number, number][] = [];
  const nodes = new Set<string>();
  const moved = (node: string, from: number, to: number): void => {
    nodes.add(node);
    spans.push([from, to]);
  };
  const open: Op[] = [];
  const ops = nemesisOps(history);
  if (!ops.some(movesClocks)) return NO_CLOCK_MOVES;
  for (let k = 0; k <= ops.length; k++) {
    const op = ops[k];
    if (op?.type === "invoke") {
      open.push(op);
      continue;
    }
    if (op !== undefined && open[0]?.f !== op.f) return unreadable(`a nemesis "${op.f}" completion at ${seconds(op.time)} pairs with no invoke`);
    // Past the last op, every invoke left open never completed.
    for (const invoke of op === undefined ? open.splice(0) : [open.shift() as Op]) {
      const why = readPair(invoke, op, { lockNodes, state, moved });
      if (why !== "") return unreadable(why);
    }
  }
  for (const [node, s] of state) if (s.kind === "drifting") moved(node, s.since, Infinity);
  return { nodes: [...nodes], unreadable: "", ...merged(spans) };
}

/** True when some lock node's clock moved during [from, to] (both included). O(log n). */
export function clockMovedDuring(moves: LockClockMoves, from: number, to: number): boolean {
  let lo = 0;
  let hi = moves.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((moves.ends[mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < moves.starts.length && (moves.starts[lo] as number) <= to;
}

interface Reading {
  readonly lockNodes: ReadonlySet<string>;
  readonly state: Map<string, ClockState>;
  moved(node: string, from: number, to: number): void;
}

/** Reads one nemesis op (its invoke, and its completion unless it never completed); "" or why it cannot. */
function readPair(invoke: Op, completion: Op | undefined, r: Reading): string {
  const from = invoke.time;
  const to = completion?.time ?? Infinity;
  if (!Number.isFinite(from) || Number.isNaN(to)) return `a nemesis "${invoke.f}" op has no time`;
  const done = completion !== undefined && completion.type !== "fail" && !("error" in completion && completion.error !== undefined);
  const named = (): string[] | undefined => namedNodes(invoke, completion, r.lockNodes);
  if (invoke.f === "clock") return readClockOp(invoke, completion, done, r);
  if (invoke.f === "reset-clock") {
    const nodes = named();
    for (const node of nodes ?? [...r.lockNodes]) {
      r.moved(node, from, to);
      // Without its nodes, a reset may have left some as they were (it resets only what its own nemesis skewed).
      if (!done || nodes === undefined) continue;
      endDrift(r, node, to);
      r.state.set(node, { kind: "real" });
    }
  }
  if (invoke.f === "pause" && freezesClock(invoke)) {
    for (const node of named() ?? [...r.lockNodes]) r.moved(node, from, Infinity);
  }
  if (invoke.f === "restart" || invoke.f === "power-on") {
    for (const node of named() ?? [...r.lockNodes]) if ((r.state.get(node)?.kind ?? "real") !== "real") r.moved(node, from, to);
  }
  return "";
}

/** A `clock` op: its window moves every lock node it names; its rates say how each runs after it. */
function readClockOp(invoke: Op, completion: Op | undefined, done: boolean, r: Reading): string {
  const at = seconds(invoke.time);
  const skews = (invoke.value as { skews?: unknown } | null)?.skews;
  if (typeof skews !== "object" || skews === null) return `the nemesis "clock" op at ${at} names no skews`;
  const clocks = (completion?.value as { clocks?: unknown } | null)?.clocks;
  const read = typeof clocks === "object" && clocks !== null ? Object.keys(clocks) : [];
  const stray = read.find((n) => r.lockNodes.has(n) && !(n in skews));
  if (stray !== undefined) return `the nemesis "clock" op at ${at} read lock node ${stray}'s clock without naming its skew`;
  for (const [node, skew] of Object.entries(skews as Record<string, unknown>)) {
    if (!r.lockNodes.has(node)) continue;
    const { rate, offsetMs } = (skew ?? {}) as { rate?: unknown; offsetMs?: unknown };
    if (typeof rate !== "number" || !(rate > 0) || !Number.isFinite(rate) || (offsetMs !== undefined && (typeof offsetMs !== "number" || !Number.isFinite(offsetMs)))) {
      return `the nemesis "clock" op at ${at} gives lock node ${node} a skew this cannot read`;
    }
    const to = completion?.time ?? Infinity;
    r.moved(node, invoke.time, to);
    const before = r.state.get(node) ?? { kind: "real" };
    if (rate !== 1) {
      if (before.kind !== "drifting") r.state.set(node, { kind: "drifting", since: invoke.time });
    } else if (done) {
      endDrift(r, node, to);
      r.state.set(node, { kind: "steady" });
    }
  }
  return "";
}

/** Whether an op may change some node's clock (and so needs reading). */
function movesClocks(op: Op): boolean {
  return op.f === "clock" || op.f === "reset-clock" || (op.f === "pause" && freezesClock(op));
}

function freezesClock(op: Op): boolean {
  return (op.value as { freezeClock?: unknown } | null)?.freezeClock === true;
}

/** A drifting node's drift, from its start until `at`, is a move. */
function endDrift(r: Reading, node: string, at: number): void {
  const s = r.state.get(node);
  if (s?.kind === "drifting") r.moved(node, s.since, at);
}

/** The lock nodes an op names in its invoke's or completion's `nodes`; undefined when neither names any list. */
function namedNodes(invoke: Op, completion: Op | undefined, lockNodes: ReadonlySet<string>): string[] | undefined {
  const lists = [invoke.value, completion?.value].map((v) => (v as { nodes?: unknown } | null)?.nodes).filter((n): n is unknown[] => Array.isArray(n));
  if (lists.length === 0) return undefined;
  return [...new Set(lists.flat().map(String))].filter((n) => lockNodes.has(n));
}

/** Sorted, merged intervals as columns. */
function merged(spans: [number, number][]): Pick<LockClockMoves, "starts" | "ends"> {
  spans.sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [from, to] of spans) {
    const last = ends.length - 1;
    if (last >= 0 && from <= (ends[last] as number)) ends[last] = Math.max(ends[last] as number, to);
    else {
      starts.push(from);
      ends.push(to);
    }
  }
  return { starts: Float64Array.from(starts), ends: Float64Array.from(ends) };
}

function unreadable(why: string): LockClockMoves {
  return { ...NO_CLOCK_MOVES, unreadable: why };
}

function seconds(ns: number): string {
  return `${(ns / 1e9).toFixed(3)} s`;
}
