/**
 * The clocks of processes moved by the clock injector (clock-injector.ts),
 * per node: the processes libfaketime cannot reach (Go, static and musl
 * programs, and those that break under LD_PRELOAD). Each node has one
 * clock, `NodeClockState` as libfaketime's nodes have; every process
 * attached to the node reads it, whenever it was attached.
 *
 * The injector's reading is `base + (real - base) * rate + offset`, the
 * base being the moment the settings were written. A node set to offset O
 * and rate r at t0 reads `t + O + (t - t0)(r - 1)` at real time t, so a
 * process attached (or set again) at t1 gets offset `nodeOffsetAt(t1)` and
 * rate r: the same reading from then on.
 *
 * A reading is the proof that a fault landed: each attached process is made
 * to read its own clock (the injector's `read`), and the node's offset is
 * what they read. A process that has exited meanwhile is dropped: its
 * node's restart attaches the new one.
 *
 * With moved monotonic clocks (`monotonic`), a change that would set an
 * attached process's monotonic clock before its attach plus a second waits
 * (`monotonicFloor`, as libfaketime's processes' start does in faketime.ts):
 * it read the real clock until then, and no real monotonic clock goes back.
 * A child forked later is not bounded so.
 *
 * A process's children are moved with it: a child forked after the patch
 * inherits it with the settings of that moment (the mapping is copied at
 * fork), so each later setting is written into every descendant too, and a
 * child forked before the patch (a server's workers) is patched then.
 * PostgreSQL's backends are such children.
 */
import { HarnessError, type ClockReading, type ClockSkew, type NodeId } from "../../../core/index.js";
import type { ClockInjector } from "./clock-injector.js";
import type { TrackedProcess } from "./process-table.js";
import { CLOCK_TOLERANCE_MS, monotonicFloorMs, nodeOffsetAt, REAL_CLOCK, type NodeClockState, type SkewableClocks } from "./faketime.js";

/** What the clocks need: the injector of each node's host, the harness's wall clock, and whether monotonic clocks move too. */
export interface InjectedClocksOptions {
  readonly injectorOf: (node: NodeId) => ClockInjector;
  readonly wallMs: () => number;
  readonly monotonic: boolean;
  /** The descendants of a process of `node` on its host (process-tree.ts); none when absent. */
  readonly descendants?: (node: NodeId, pid: number) => Promise<number[]>;
}

/** One attached process's reading of its own clock. */
export interface ProcessOffset {
  readonly pid: number;
  readonly offsetMs: number;
  readonly uncertaintyMs: number;
}

/** A node's injected clocks. */
export interface InjectedClocks {
  /** Patches a process just started on `node` so that it reads the node's clock. */
  attach(node: NodeId, pid: number): Promise<void>;
  /** Sets the node's clock in every attached live process (and for every later one). */
  set(node: NodeId, skew: ClockSkew): Promise<void>;
  /** The offset the node's clock should read at real wall time `atMs`. */
  expectedOffset(node: NodeId, atMs: number): number;
  /** What each attached live process of the node reads, against the real clock. */
  readEach(node: NodeId): Promise<ProcessOffset[]>;
  /** The node's clock as its attached live processes read it; undefined when none is; "nemesis.fault-not-applied" when they read different clocks. */
  read(node: NodeId): Promise<ClockReading | undefined>;
  /** With moved monotonic clocks: the lowest offset the node may be set to at `atMs` so that no attached process reads a monotonic time before its start (faketime.ts `monotonicFloorMs`). */
  monotonicFloor?(node: NodeId, atMs: number): number;
  /** Restores the original clock code of every attached live process (they keep running). */
  detachAll(): Promise<void>;
}

const NS_PER_MS = 1e6;

/** Creates the clocks, with no node skewed and no process attached. */
export function createInjectedClocks(opts: InjectedClocksOptions): InjectedClocks {
  const states = new Map<NodeId, NodeClockState>();
  /** Per node, each attached process and when it was attached (wall ms). */
  const attached = new Map<NodeId, Map<number, number>>();
  const state = (node: NodeId): NodeClockState => states.get(node) ?? REAL_CLOCK;
  const pidsOf = (node: NodeId): number[] => [...(attached.get(node)?.keys() ?? [])];

  /** Runs `step` on the process; a process that has exited is forgotten, any other failure thrown. */
  async function onLive(node: NodeId, pid: number, step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (error instanceof HarnessError && /\(no such process\)/.test(error.message)) attached.get(node)?.delete(pid);
      else throw error;
    }
  }

  /** A process and its descendants. */
  const withChildren = async (node: NodeId, pid: number): Promise<number[]> => [pid, ...((await opts.descendants?.(node, pid)) ?? [])];
  /** Every process of the node: the attached ones and their descendants. */
  const treeOf = async (node: NodeId): Promise<number[]> => (await Promise.all(pidsOf(node).map((pid) => withChildren(node, pid)))).flat();

  /** Writes the node's clock, as of now, into the process (patching it first when needed), then into its descendants. */
  const apply = async (node: NodeId, pid: number): Promise<void> => {
    for (const target of await withChildren(node, pid)) {
      await onLive(node, target, async () => {
        const offsetNs = nodeOffsetAt(state(node), opts.wallMs()) * NS_PER_MS;
        await opts.injectorOf(node).inject(target, { offsetNs, rate: state(node).skew.rate, monotonic: opts.monotonic });
      });
    }
  };

  async function readEach(node: NodeId): Promise<ProcessOffset[]> {
    const readings: ProcessOffset[] = [];
    for (const pid of await treeOf(node)) {
      await onLive(node, pid, async () => {
        const reading = await opts.injectorOf(node).read(pid, "realtime");
        readings.push({ pid, offsetMs: reading.readOffsetNs / NS_PER_MS, uncertaintyMs: reading.uncertaintyNs / NS_PER_MS });
      });
    }
    return readings;
  }

  return {
    async attach(node, pid) {
      attached.set(node, new Map([...(attached.get(node) ?? []), [pid, opts.wallMs()]]));
      await apply(node, pid);
    },
    async set(node, skew) {
      states.set(node, { skew, setAtMs: opts.wallMs() });
      await Promise.all(pidsOf(node).map((pid) => apply(node, pid)));
    },
    expectedOffset: (node, atMs) => nodeOffsetAt(state(node), atMs),
    // A process read the real monotonic clock until it was attached, no later than its start: taking the attach as its start is the safe side.
    ...(opts.monotonic ? {
      monotonicFloor: (node: NodeId, atMs: number) => monotonicFloorMs([...(attached.get(node)?.values() ?? [])].map((startedAtMs) => ({ startedAtMs, offsetAtStartMs: 0 })), atMs),
    } : {}),
    readEach,
    async read(node) {
      const before = opts.wallMs();
      const readings = await readEach(node);
      const atMs = (before + opts.wallMs()) / 2;
      const [first] = readings;
      if (first === undefined) return undefined;
      const spread = Math.max(...readings.map((r) => r.offsetMs)) - Math.min(...readings.map((r) => r.offsetMs));
      const uncertaintyMs = Math.max(...readings.map((r) => r.uncertaintyMs));
      if (spread > CLOCK_TOLERANCE_MS + 2 * uncertaintyMs) {
        const each = readings.map((r) => `${r.pid}: ${Math.round(r.offsetMs)} ms`).join(", ");
        throw new HarnessError("nemesis.fault-not-applied", `Cannot read the clock of node "${node}": its processes read different clocks (${each})`);
      }
      return { node, offsetMs: Math.round(first.offsetMs), uncertaintyMs: Math.ceil(uncertaintyMs), atMs, tool: "injector" };
    },
    async detachAll() {
      const all = (await Promise.all([...attached.keys()].map(async (node) => (await treeOf(node)).map((pid) => ({ node, pid }))))).flat();
      await Promise.all(all.map(({ node, pid }) => onLive(node, pid, () => opts.injectorOf(node).remove(pid))));
      attached.clear();
    },
  };
}

/**
 * A runtime's libfaketime clocks (`base`) joined by the injector's: a skew
 * is set in both (a process the injector moves later, a restart, takes it
 * then), and a node's clock is read through its injected processes while
 * it has a live one (what they read in their own vDSO), else through the
 * base's probe.
 */
export function joinInjectedClocks(base: SkewableClocks, injected: InjectedClocks): SkewableClocks {
  return {
    async set(node, skew) {
      await base.set(node, skew);
      await injected.set(node, skew);
    },
    read: async (node) => (await injected.read(node)) ?? base.read(node),
    expectedOffset: (node, atMs) => base.expectedOffset(node, atMs),
    ...(base.monotonicFloor || injected.monotonicFloor ? {
      monotonicFloor: (node: NodeId, atMs: number) => Math.max(base.monotonicFloor?.(node, atMs) ?? -Infinity, injected.monotonicFloor?.(node, atMs) ?? -Infinity),
    } : {}),
  };
}

/** A runtime's clocks with the injector's joined in (`joinInjectedClocks`), and the hook that attaches each process started with `clockTool: "injector"`. */
export interface ClocksWithInjector {
  readonly clocks: SkewableClocks;
  /** The node supervisor's `started`: attaches the process when its node's clock is faked and its spec asks for the injector. */
  started(node: NodeId, proc: Pick<TrackedProcess, "pid" | "spec">): Promise<void>;
}

/**
 * Joins the injector to `base` for the nodes `faked` says the run may
 * skew; without an injector, `base` alone (injector programs then keep the
 * real clock: the run refused clock faults on them up front).
 */
export function withInjector(base: SkewableClocks, opts: Omit<InjectedClocksOptions, "injectorOf"> & { readonly injectorOf: ((node: NodeId) => ClockInjector) | undefined; faked(node: NodeId): boolean }): ClocksWithInjector {
  const { injectorOf } = opts;
  if (!injectorOf) return { clocks: base, started: async () => undefined };
  const injected = createInjectedClocks({ injectorOf, wallMs: opts.wallMs, monotonic: opts.monotonic, ...(opts.descendants ? { descendants: opts.descendants } : {}) });
  return {
    clocks: joinInjectedClocks(base, injected),
    async started(node, proc) {
      if (opts.faked(node) && proc.spec.fakeClock !== false && proc.spec.clockTool === "injector") await injected.attach(node, proc.pid);
    },
  };
}
