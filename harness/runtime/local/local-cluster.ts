/**
 * A running local cluster: network namespaces on a run-owned bridge, with
 * ordinary processes inside them.
 */
import { composeCluster, HarnessError, NO_DISK_FAULTS, SHARED_FILES } from "../../../core/index.js";
import type {
  Clock,
  ClockOptions,
  Cluster,
  ClusterNode,
  ExecOptions,
  ExecResult,
  Fault,
  NodeId,
  NodeProcess,
  NodeSpec,
  ProcessSpec,
} from "../../../core/index.js";
import { createClockAndFreeze } from "./clock-and-freeze.js";
import { reapNamespaces, listOwnedNamespaces } from "./namespace-reaper.js";
import { namespaceExecArgv } from "./namespaces.js";
import type { NetworkPlan } from "./namespaces.js";
import { spawnNodeProcess } from "./node-process.js";
import type { LocalProcess } from "./node-process.js";
import { createPartitioner } from "./partitioner.js";
import { probeConnection } from "./probe-connection.js";
import { createTrafficShaper } from "./traffic-shaper.js";
import { awaitStopped } from "../common/process-table.js";
import { createNodeSupervisor } from "../common/node-supervisor.js";
import { runCommand } from "../common/run-command.js";
import { waitForPort } from "./wait-for-port.js";
import type { LazyDisks } from "../common/lazy-fs.js";

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
}

/** Where local runs keep state that must not outlive them (skew files). */
export const DEFAULT_STATE_DIR = "/run/fencecheck";

/** Wraps a brought-up network in a `Cluster`. The network must already exist. */
export function createLocalCluster(parts: LocalClusterParts): Cluster {
  const { runId, plan, clock } = parts;
  const planned = (node: NodeId): (typeof plan.nodes)[number] | undefined => plan.nodes.find((n) => n.id === node);
  /** The node's plan; throws "config.invalid" for a node the cluster does not have. */
  const plannedNode = (node: NodeId): (typeof plan.nodes)[number] => {
    supervisor.checkNode(node);
    return planned(node) as (typeof plan.nodes)[number];
  };
  const namespaceOf = (node: NodeId): string => plannedNode(node).namespace;
  const hostOf = (node: NodeId): string => plannedNode(node).host;
  const supervisor = createNodeSupervisor<LocalProcess>({
    clock,
    hasNode: (node) => planned(node) !== undefined,
    async spawn(node, spec) {
      const env = clockAndFreeze.envFor(node, spec);
      return spawnNodeProcess({ node, namespace: namespaceOf(node), clock, ...(env ? { env } : {}), ...(parts.onFailure ? { onFailure: parts.onFailure } : {}) }, spec);
    },
    waitReady: (node, proc, port, timeoutMs) => waitForPort(node, proc, { namespace: namespaceOf(node), host: hostOf(node), port, timeoutMs, clock }),
    awaitStopped: (_node, procs) => awaitStopped(procs, clock),
  }, parts.stopGraceMs);
  const clockAndFreeze = createClockAndFreeze({
    runId, clock, table: supervisor.table, fakeClock: parts.fakeClock, stateDir: parts.stateDir ?? DEFAULT_STATE_DIR, namespaceOf,
  });
  const partitioner = createPartitioner(plan, clock);
  const shaper = createTrafficShaper(plan, { clock, runId });

  const nodes: ClusterNode[] = parts.specs.map((spec) => ({ id: spec.id, role: spec.role, host: hostOf(spec.id) }));
  return composeCluster({ runId, nodes, faults: parts.faults }, {
    ...SHARED_FILES,
    startProcess: (node, spec): Promise<NodeProcess> => supervisor.start(node, spec),
    exec: (node, argv, opts: ExecOptions = {}): Promise<ExecResult> =>
      runCommand(namespaceExecArgv(namespaceOf(node), argv), { clock, input: opts.input, timeoutMs: opts.timeoutMs }),
    pause: (node) => supervisor.pause(node),
    resume: (node) => supervisor.resume(node),
    kill: (node) => supervisor.kill(node),
    restart: (node) => supervisor.restart(node),
    loseUnsynced: (node) => supervisor.loseUnsynced(node, parts.disks),
    async partition(grudge) {
      supervisor.refuseStopped(`partition run "${runId}"`);
      await partitioner.partition(grudge);
    },
    /** Removes our partition rules; a no-op once the cluster is stopped (the namespaces are gone). */
    heal: async () => (supervisor.isStopped() ? undefined : partitioner.heal()),
    async dropPackets(node, from, probability) {
      supervisor.refuseStopped(`drop packets of node "${node}"`);
      await shaper.dropPackets(node, from, probability);
    },
    async delayTraffic(node, delay) {
      supervisor.refuseStopped(`delay traffic of node "${node}"`);
      const ports = delay.port !== undefined ? [delay.port] : supervisor.servicePorts(node);
      if (ports.length === 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot delay traffic of node "${node}": it runs no service with a ready port`);
      for (const port of ports) await shaper.delayTraffic(node, { ...delay, port });
    },
    /** Removes our loss rules, or our nat redirects and proxies; once stopped, only proxies are left to end. */
    healTraffic: async (kind) => (supervisor.isStopped() ? shaper.killProxies() : shaper.heal(kind)),
    probe: (from, to, opts = {}) =>
      probeConnection({ namespace: namespaceOf(from), host: hostOf(to), port: opts.port ?? 9, timeoutMs: opts.timeoutMs ?? 1000, clock }),
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
