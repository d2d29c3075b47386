/**
 * The clock and freeze primitives of a local cluster, kept beside
 * `local-cluster.ts`: fake clocks through libfaketime (when the cluster was
 * started with `clock`) and whole-node freezes through the freezer cgroup.
 * Each fault is checked to have taken effect.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock, ClockOptions, ClockReading, ClockSkew, NodeId, ProcessSpec } from "../../../core/index.js";
import { createNodeClocks, type NodeClocks } from "./node-clocks.js";
import { createNodeFreezer } from "./node-freezer.js";
import type { ProcessTable, TrackedProcess } from "../common/process-table.js";
import { setSkewAndVerify } from "../common/faketime.js";
import type { ClockInjector } from "../common/clock-injector.js";
import { withInjector } from "../common/injected-clocks.js";
import { descendantPids } from "../common/process-tree.js";

/** What the primitives need. */
export interface ClockAndFreezeParts {
  readonly runId: string;
  readonly clock: Clock;
  readonly table: ProcessTable;
  /** Fake clocks when set. */
  readonly fakeClock?: ClockOptions;
  /** Parent of the run's state directory (skew files). */
  readonly stateDir: string;
  /** The namespace of a node (throws for an unknown node). */
  namespaceOf(node: NodeId): string;
  /** Moves the clocks of programs started with `clockTool: "injector"`; without it they stay real. */
  readonly injector?: ClockInjector;
}

/** The cluster methods plus the hooks `local-cluster.ts` calls. */
export interface ClockAndFreeze {
  setClock(node: NodeId, skew: ClockSkew): Promise<void>;
  readClock(node: NodeId): Promise<ClockReading>;
  freeze(node: NodeId): Promise<void>;
  thaw(node: NodeId): Promise<void>;
  /** Extra environment for a process about to start on `node` (its fake clock), if any. */
  envFor(node: NodeId, spec: ProcessSpec): Record<string, string> | undefined;
  /** Gives a process started with `clockTool: "injector"` the node's clock, once it is ready (the supervisor's `started`). */
  started(node: NodeId, proc: TrackedProcess): Promise<void>;
  /** Thaws every frozen node; call before signalling processes to stop. */
  thawAll(): void;
  /** Removes skew files and cgroups; call once every process has exited. */
  cleanup(): Promise<void>;
}

/** Creates the primitives; throws "prerequisite.missing" if clocks are asked for without libfaketime. */
export function createClockAndFreeze(parts: ClockAndFreezeParts): ClockAndFreeze {
  const { clock, runId, injector } = parts;
  const clocks: NodeClocks | undefined = parts.fakeClock
    ? createNodeClocks({ runId, stateDir: parts.stateDir, clock, options: parts.fakeClock })
    : undefined;
  const freezer = createNodeFreezer({ runId, table: parts.table, clock });
  const fakedNodes = parts.fakeClock?.nodes ? new Set(parts.fakeClock.nodes) : undefined;
  /** Whether processes of `node` run under a fake clock. */
  const faked = (node: NodeId): boolean => clocks !== undefined && (fakedNodes === undefined || fakedNodes.has(node));
  const libfaketime = clocks && {
    set: (n: NodeId, s: ClockSkew) => clocks.set(n, s),
    read: (n: NodeId) => clocks.read(n, parts.namespaceOf(n)),
    expectedOffset: (n: NodeId, atMs: number) => clocks.expectedOffset(n, atMs),
    ...(clocks.monotonicFloor ? { monotonicFloor: clocks.monotonicFloor } : {}),
  };
  const joined = libfaketime && withInjector(libfaketime, {
    injectorOf: injector && (() => injector), wallMs: () => clock.wallMs(), monotonic: parts.fakeClock?.monotonic === true, faked,
    descendants: async (_node, pid) => descendantPids(pid),
  });
  const skewable = joined?.clocks;

  async function readClock(node: NodeId): Promise<ClockReading> {
    parts.namespaceOf(node);
    if (!skewable || !faked(node)) return { node, offsetMs: 0 };
    return skewable.read(node);
  }

  return {
    async setClock(node, skew) {
      if (clocks !== undefined) parts.namespaceOf(node);
      if (clocks !== undefined && !faked(node)) {
        throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of node "${node}": the cluster fakes the clocks of ${[...(fakedNodes ?? [])].join(", ") || "no node"} only`);
      }
      await setSkewAndVerify(node, skew, skewable, clock);
    },
    readClock,
    async freeze(node) {
      parts.namespaceOf(node);
      await freezer.freeze(node);
    },
    async thaw(node) {
      parts.namespaceOf(node);
      freezer.thaw(node);
    },
    envFor: (node, spec) => (clocks && faked(node) && spec.fakeClock !== false && spec.clockTool !== "injector" ? clocks.envFor(node) : undefined),
    started: async (node, proc) => joined?.started(node, proc),
    thawAll: () => freezer.thawAll(),
    async cleanup() {
      await freezer.removeAll(clock);
      clocks?.remove();
    },
  };
}
