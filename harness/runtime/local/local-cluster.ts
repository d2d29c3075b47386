/**
 * A running local cluster: network namespaces on a run-owned bridge, with
 * ordinary processes inside them. The node lifecycle is the supervisor's
 * (common/node-supervisor.ts, over local-node-driver.ts); this wires it to
 * the namespaces' partitions, traffic, clocks and freezer, and says what
 * the stop removes once every process is gone.
 */
import { composeCluster, HarnessError, SHARED_FILES } from "../../../core/index.js";
import type { Clock, ClockOptions, Cluster, ExecOptions, Fault, NodeId, NodeSpec } from "../../../core/index.js";
import type { ClockInjector } from "../common/clock-injector.js";
import type { LazyDisks } from "../common/lazy-fs.js";
import { nodeLookup } from "../common/node-lookup.js";
import { createNodeSupervisor } from "../common/node-supervisor.js";
import { runCommand } from "../common/run-command.js";
import { guardedNetwork, supervisedProcesses } from "../common/supervised-cluster.js";
import { createClockAndFreeze } from "./clock-and-freeze.js";
import { createLocalNodeDriver } from "./local-node-driver.js";
import { listOwnedNamespaces, reapNamespaces } from "./namespace-reaper.js";
import { namespaceExecArgv, type NetworkPlan } from "./namespaces.js";
import { createPartitioner } from "./partitioner.js";
import { probeConnection } from "./probe-connection.js";
import { createTrafficShaper } from "./traffic-shaper.js";

/** What a local cluster is made of. */
export interface LocalClusterParts {
  readonly runId: string;
  readonly plan: NetworkPlan;
  readonly specs: readonly NodeSpec[];
  readonly faults: ReadonlySet<Fault>;
  readonly clock: Clock;
  /** SIGTERM-to-SIGKILL grace in `stop`. */
  readonly stopGraceMs: number;
  /** Run every process under its node's fake clock (libfaketime). */
  readonly fakeClock?: ClockOptions;
  /** Parent of the run's state directory (skew files), e.g. "/run/fencecheck". */
  readonly stateDir?: string;
  /** The nodes' lazy data directories, unmounted by `stop` once every process is dead. */
  readonly disks?: LazyDisks;
  /** Called when a program's output cannot be read any more (a line past the cap; see `StartOptions.onFailure`). */
  readonly onFailure?: (error: HarnessError) => void;
  /** Moves the fake clocks of the programs started with `clockTool: "injector"`; without it they run on the real clock. */
  readonly injector?: ClockInjector;
}

/** Where local runs keep state that must not outlive them (skew files). */
export const DEFAULT_STATE_DIR = "/run/fencecheck";

/** Wraps a brought-up network in a `Cluster`. The network must already exist. */
export function createLocalCluster(parts: LocalClusterParts): Cluster {
  const { runId, plan, clock } = parts;
  const nodes = nodeLookup(plan.nodes.map((n) => [n.id, n] as const));
  const namespaceOf = (node: NodeId): string => nodes.get(node).namespace;
  const supervisor = createNodeSupervisor(createLocalNodeDriver({
    nodes, clock, envFor: (node, spec) => clockAndFreeze.envFor(node, spec), started: (node, proc) => clockAndFreeze.started(node, proc),
    ...(parts.onFailure ? { onFailure: parts.onFailure } : {}),
  }), parts.stopGraceMs);
  const clockAndFreeze = createClockAndFreeze({
    runId, clock, table: supervisor.table, fakeClock: parts.fakeClock, stateDir: parts.stateDir ?? DEFAULT_STATE_DIR, namespaceOf,
    ...(parts.injector ? { injector: parts.injector } : {}),
  });
  const partitioner = createPartitioner(plan, clock);
  const shaper = createTrafficShaper(plan, { clock, runId });

  return composeCluster({ runId, nodes: parts.specs.map((spec) => ({ id: spec.id, role: spec.role, host: nodes.get(spec.id).host })), faults: parts.faults }, {
    ...SHARED_FILES,
    ...supervisedProcesses(supervisor, parts.disks),
    exec: (node, argv, opts: ExecOptions = {}) => runCommand(namespaceExecArgv(namespaceOf(node), argv), { clock, input: opts.input, timeoutMs: opts.timeoutMs }),
    ...guardedNetwork(supervisor, runId, {
      partition: (grudge) => partitioner.partition(grudge),
      heal: () => partitioner.heal(),
      dropPackets: (node, from, probability) => shaper.dropPackets(node, from, probability),
      async delayTraffic(node, delay) {
        const ports = delay.port !== undefined ? [delay.port] : supervisor.servicePorts(node);
        if (ports.length === 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot delay traffic of node "${node}": it runs no service with a ready port`);
        for (const port of ports) await shaper.delayTraffic(node, { ...delay, port });
      },
      healTraffic: (kind) => shaper.heal(kind),
      probe: (from, to, opts = {}) =>
        probeConnection({ namespace: namespaceOf(from), host: nodes.get(to).host, port: opts.port ?? 9, timeoutMs: opts.timeoutMs ?? 1000, clock }),
    }),
    setClock: (node, skew) => clockAndFreeze.setClock(node, skew),
    readClock: (node) => clockAndFreeze.readClock(node),
    /** Freezes the node through its freezer cgroup (SIGSTOP where none is usable). */
    freeze: (node) => clockAndFreeze.freeze(node),
    thaw: (node) => clockAndFreeze.thaw(node),
    stop: () => supervisor.stop({
      before: async () => clockAndFreeze.thawAll(),
      async after() {
        await shaper.killProxies();
        await parts.disks?.unmountAll();
        await reapNamespaces(clock, await listOwnedNamespaces(clock, runId));
        await clockAndFreeze.cleanup();
      },
    }),
  });
}
