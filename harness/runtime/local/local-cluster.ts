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
import { awaitStopped, createProcessTable } from "../common/process-table.js";
import { runCommand } from "../common/run-command.js";
import { retryableOnce } from "../common/retryable-once.js";
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

const DEFAULT_READY_TIMEOUT_MS = 10_000;
/** Where local runs keep state that must not outlive them (skew files). */
export const DEFAULT_STATE_DIR = "/run/fencecheck";

/** Wraps a brought-up network in a `Cluster`. The network must already exist. */
export function createLocalCluster(parts: LocalClusterParts): Cluster {
  const { runId, plan, clock } = parts;
  const table = createProcessTable();
  const clockAndFreeze = createClockAndFreeze({
    runId, clock, table, fakeClock: parts.fakeClock, stateDir: parts.stateDir ?? DEFAULT_STATE_DIR, namespaceOf: (node) => planned(node).namespace,
  });
  const partitioner = createPartitioner(plan, clock);
  const shaper = createTrafficShaper(plan, { clock, runId });

  let stopped = false;
  const stopOnce = retryableOnce(stopAll);

  function planned(node: NodeId): (typeof plan.nodes)[number] {
    const found = plan.nodes.find((n) => n.id === node);
    if (!found) throw new HarnessError("config.invalid", `Cannot find node "${node}": the cluster has no such node`);
    return found;
  }

  async function start(node: NodeId, spec: ProcessSpec): Promise<LocalProcess> {
    if (stopped) throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node}": the cluster is stopped`);
    const target = planned(node);
    const env = clockAndFreeze.envFor(node, spec);
    const proc = await spawnNodeProcess({ node, namespace: target.namespace, clock, ...(env ? { env } : {}), ...(parts.onFailure ? { onFailure: parts.onFailure } : {}) }, spec);
    table.add(proc);
    if (spec.readyPort !== undefined) {
      const timeoutMs = spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
      const probe = { namespace: target.namespace, host: target.host, port: spec.readyPort, timeoutMs, clock };
      try {
        await waitForPort(node, proc, probe);
      } catch (error) {
        proc.signalGroup("SIGKILL");
        throw error;
      }
    }
    return proc;
  }

  function servicePorts(node: NodeId): number[] {
    const ports = table.live(node).filter((p) => (p.spec.kind ?? "service") === "service").map((p) => p.spec.readyPort);
    return [...new Set(ports.filter((p): p is number => p !== undefined))];
  }

  async function stopAll(): Promise<void> {
    clockAndFreeze.thawAll();
    for (const proc of table.live()) proc.signalGroup("SIGCONT");
    for (const proc of table.live()) proc.signalGroup("SIGTERM");
    const grace = new AbortController();
    await Promise.race([Promise.all(table.live().map((p) => p.exited)), clock.sleep(parts.stopGraceMs, grace.signal)]);
    grace.abort();
    await shaper.killProxies();
    for (const proc of table.live()) proc.signalGroup("SIGKILL");
    await Promise.all(table.live().map((p) => p.exited));
    await parts.disks?.unmountAll();
    await reapNamespaces(clock, await listOwnedNamespaces(clock, runId));
    await clockAndFreeze.cleanup();
  }

  const nodes: ClusterNode[] = parts.specs.map((spec) => ({ id: spec.id, role: spec.role, host: planned(spec.id).host }));
  return composeCluster({ runId, nodes, faults: parts.faults }, {
    ...SHARED_FILES,
    startProcess: (node, spec): Promise<NodeProcess> => start(node, spec),
    async exec(node, argv, opts: ExecOptions = {}): Promise<ExecResult> {
      const argvInNode = namespaceExecArgv(planned(node).namespace, argv);
      return runCommand(argvInNode, { clock, input: opts.input, timeoutMs: opts.timeoutMs });
    },
    /**
     * SIGSTOPs every live process of the node (and its process group).
     * Guarantee: the signals have been sent by the time `pause()` returns
     * its promise (before any await); the promise settles once the kernel
     * reports the processes stopped (bounded to about half a second).
     */
    async pause(node) {
      planned(node);
      await awaitStopped(table.signalNode(node, "SIGSTOP"), clock);
    },
    /** SIGCONTs every live process of the node; sent before the promise is returned. */
    async resume(node) {
      planned(node);
      table.signalNode(node, "SIGCONT");
    },
    /** SIGKILLs every live process of the node and settles once they have all exited. */
    async kill(node) {
      planned(node);
      await Promise.all(table.signalNode(node, "SIGKILL").map((p) => p.exited));
    },
    /**
     * Starts again every "service" process of the node that has exited
     * (killed or crashed), with its original spec, and waits for readiness.
     * Live services are left alone, so restart after kill is the crash-recover pair.
     */
    async restart(node) {
      planned(node);
      for (const spec of table.deadServices(node)) await start(node, spec);
    },
    async partition(grudge) {
      if (stopped) throw new HarnessError("nemesis.fault-not-applied", `Cannot partition run "${runId}": the cluster is stopped`);
      await partitioner.partition(grudge);
    },
    /** Removes our partition rules; a no-op once the cluster is stopped (the namespaces are gone). */
    heal: async () => (stopped ? undefined : partitioner.heal()),
    async dropPackets(node, from, probability) {
      if (stopped) throw new HarnessError("nemesis.fault-not-applied", `Cannot drop packets of node "${node}": the cluster is stopped`);
      await shaper.dropPackets(node, from, probability);
    },
    async delayTraffic(node, delay) {
      if (stopped) throw new HarnessError("nemesis.fault-not-applied", `Cannot delay traffic of node "${node}": the cluster is stopped`);
      const ports = delay.port !== undefined ? [delay.port] : servicePorts(node);
      if (ports.length === 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot delay traffic of node "${node}": it runs no service with a ready port`);
      for (const port of ports) await shaper.delayTraffic(node, { ...delay, port });
    },
    /** Removes our loss rules, or our nat redirects and proxies; once stopped, only proxies are left to end. */
    healTraffic: async (kind) => (stopped ? shaper.killProxies() : shaper.heal(kind)),
    async probe(from, to, opts = {}) {
      const { namespace } = planned(from);
      return probeConnection({ namespace, host: planned(to).host, port: opts.port ?? 9, timeoutMs: opts.timeoutMs ?? 1000, clock });
    },
    /** Drops the node's unsynced writes; refused while any of its processes lives (they would see the drop). */
    async loseUnsynced(node) {
      planned(node);
      if (table.live(node).length > 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot drop unsynced writes of node "${node}": its processes still run (kill it first)`);
      return (parts.disks ?? NO_DISK_FAULTS).loseUnsynced(node);
    },
    setClock: (node, skew) => clockAndFreeze.setClock(node, skew),
    readClock: (node) => clockAndFreeze.readClock(node),
    /** Freezes the node through its freezer cgroup (SIGSTOP where none is usable). */
    freeze: (node) => clockAndFreeze.freeze(node),
    thaw: (node) => clockAndFreeze.thaw(node),
    /** Idempotent: later calls share the first call's promise (a failed stop may be retried). */
    stop() {
      stopped = true;
      return stopOnce();
    },
  });
}
