/**
 * A running docker cluster: one container per node on the run's network,
 * programs started in them with `docker exec`, faults applied from the host
 * (signals to real PIDs, iptables through nsenter, libfaketime skew files)
 * or, on a remote engine, through the engine (freezer pause, kill in the
 * container), with the faults that need the host refused.
 */
import type Docker from "dockerode";
import { composeCluster, HarnessError, NO_DISK_FAULTS, SHARED_FILES } from "../../../core/index.js";
import type { LazyDisks } from "../common/lazy-fs.js";
import type { Clock, Cluster, ClusterNode, ExecResult, Fault, NodeId, NodeProcess, ProcessSpec } from "../../../core/index.js";
import { awaitStopped, createProcessTable } from "../common/process-table.js";
import { skewNotApplied } from "../common/faketime.js";
import { containerPids, execInContainer, signalHostPid } from "./container-io.js";
import type { DockerClocks } from "./docker-clocks.js";
import type { DockerEngine } from "./docker-engine.js";
import type { DockerPlan, PlanMounts } from "./docker-plan.js";
import { createImageContainers } from "./image-containers.js";
import { startExecProcess, type ExecProcess } from "./exec-process.js";
import { createNetworkFaults } from "./network-faults.js";
import { createTrafficDelayer } from "../common/traffic-delay.js";
import { retryableOnce } from "../common/retryable-once.js";
import { waitForService } from "./wait-for-service.js";

/** What a docker cluster is made of. */
export interface DockerClusterParts {
  readonly engine: DockerEngine;
  readonly plan: DockerPlan;
  /** What the containers mount (image containers get the store and, when faked, the clock files). */
  readonly mounts: PlanMounts;
  readonly faults: ReadonlySet<Fault>;
  readonly clock: Clock;
  readonly clocks: DockerClocks;
  /** SIGTERM-to-SIGKILL grace in `stop`. */
  readonly stopGraceMs: number;
  /** Host directory for the run's own logs (delay proxies). */
  readonly logDir: string;
  /** Removes the run's containers, network and clock files. */
  readonly remove: () => Promise<void>;
  /** Called when a node's log cannot be written (see `StartOptions.onFailure`). */
  readonly onFailure: (error: HarnessError) => void;
  /** The nodes' lazy data directories (host FUSE mounts bind-mounted through the store), unmounted once the containers are gone. */
  readonly disks?: LazyDisks;
}

const DEFAULT_READY_TIMEOUT_MS = 10_000;

/** Wraps started containers in a `Cluster`. */
export function createDockerCluster(parts: DockerClusterParts): Cluster {
  const { engine, plan, clock, clocks } = parts;
  const { docker, remote } = engine;
  const table = createProcessTable();
  const mainPids = new Map<NodeId, number>();
  let stopped = false;
  const stopOnce = retryableOnce(stopAll);

  function containerOf(node: NodeId): Docker.Container {
    const found = plan.containers.find((c) => c.id === node);
    if (!found) throw new HarnessError("config.invalid", `Cannot find node "${node}": the cluster has no such node`);
    return docker.getContainer(found.name);
  }
  async function mainPid(node: NodeId): Promise<number> {
    const known = mainPids.get(node);
    if (known !== undefined) return known;
    const pid = (await containerOf(node).inspect()).State.Pid;
    mainPids.set(node, pid);
    return pid;
  }
  function needHost(what: string, node: NodeId | "all"): void {
    if (!remote) return;
    const target = node === "all" ? `run "${plan.runId}"` : `node "${node}"`;
    throw new HarnessError("nemesis.unsupported-fault", `Cannot ${what} ${target}: the Docker engine at "${engine.address}" is remote and this fault needs the engine's host`);
  }
  const run = (node: NodeId, argv: readonly string[], env: Readonly<Record<string, string>> = {}, opts: { input?: string; timeoutMs?: number } = {}): Promise<ExecResult> =>
    execInContainer(docker, containerOf(node), argv, { env, clock, ...opts });
  function sendSignal(node: NodeId): (pid: number, signal: NodeJS.Signals) => void {
    if (!remote) return signalHostPid;
    return (pid, signal) => void run(node, ["kill", "-s", signal.replace(/^SIG/, ""), String(pid)]).catch(() => undefined);
  }
  const images = createImageContainers({ engine, plan, mounts: parts.mounts, onFailure: parts.onFailure });
  const network = createNetworkFaults({ hosts: new Map(plan.containers.map((c) => [c.id, c.host])), pidOf: mainPid, clock });

  const delayer = createTrafficDelayer({
    hostOf: (node) => plan.containers.find((c) => c.id === node)?.host ?? "",
    servicePorts: (node) => table.live(node).flatMap((p) => ((p.spec.kind ?? "service") === "service" ? p.spec.image?.ports ?? (p.spec.readyPort !== undefined ? [p.spec.readyPort] : []) : [])),
    startProcess: (node, spec) => start(node, spec),
    restore: (node, input) => network.restore(node, input),
    logDir: parts.logDir,
    sleep: (ms) => clock.sleep(ms),
  });

  async function start(node: NodeId, spec: ProcessSpec): Promise<ExecProcess> {
    if (stopped) throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node}": the cluster is stopped`);
    const container = containerOf(node);
    const env = spec.fakeClock === false ? {} : clocks.envFor(node);
    const readPidFile = remote ? async (file: string) => Number((await run(node, ["cat", file])).stdout.trim()) : undefined;
    const proc = spec.image ? await images.start(node, spec, spec.image, env) : await startExecProcess(
      { node, docker, container, env, sendSignal: sendSignal(node), clock, onLogFailure: parts.onFailure, ...(readPidFile ? { readPidFile } : {}) },
      spec,
    );
    table.add(proc);
    if (spec.readyPort === undefined) return proc;
    const host = plan.containers.find((c) => c.id === node)?.host ?? "";
    const timeoutMs = spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
    try {
      await waitForService({ node, proc, host, port: spec.readyPort, timeoutMs, clock, run, mainPid: remote ? undefined : await mainPid(node) });
    } catch (error) {
      proc.signal("SIGKILL");
      throw error;
    }
    return proc;
  }

  /** Every process of the node: the tracked ones now, then (local engine) the rest `docker top` lists, its image containers' too. */
  async function signalNode(node: NodeId, signal: "SIGSTOP" | "SIGCONT" | "SIGKILL"): Promise<ExecProcess[]> {
    const procs = table.signalNode(node, signal);
    await images.signal(node, signal);
    if (remote) {
      if (signal === "SIGKILL") await run(node, ["kill", "-s", "KILL", "-1"]);
      else await (signal === "SIGSTOP" ? containerOf(node).pause() : containerOf(node).unpause()).catch(ignoreNotPaused);
      return procs;
    }
    for (const pid of await containerPids(containerOf(node), await mainPid(node))) signalHostPid(pid, signal);
    return procs;
  }

  async function stopAll(): Promise<void> {
    await Promise.all(plan.containers.map((c) => containerOf(c.id).unpause().catch(() => undefined)));
    await Promise.all(plan.containers.map((c) => images.freeze(c.id, false).catch(() => undefined)));
    for (const proc of table.live()) proc.signal("SIGCONT");
    for (const proc of table.live()) proc.signal("SIGTERM");
    const grace = new AbortController();
    await Promise.race([Promise.all(table.live().map((p) => p.exited)), clock.sleep(parts.stopGraceMs, grace.signal)]);
    grace.abort();
    await parts.remove();
    await Promise.race([Promise.all(table.live().map((p) => p.exited)), clock.sleep(2_000)]);
    await parts.disks?.unmountAll();
  }

  const nodes: ClusterNode[] = plan.containers.map((c) => ({ id: c.id, role: c.role, host: c.host }));
  return composeCluster({ runId: plan.runId, nodes, faults: parts.faults }, {
    ...SHARED_FILES,
    startProcess: (node, spec): Promise<NodeProcess> => start(node, spec),
    exec: (node, argv, opts = {}) => run(node, argv, {}, opts),
    /** SIGSTOPs every process of the node (tracked ones before the promise is returned); a freezer pause on a remote engine. */
    async pause(node) {
      containerOf(node);
      const procs = await signalNode(node, "SIGSTOP");
      if (!remote) await awaitStopped(procs, clock);
    },
    async resume(node) {
      containerOf(node);
      await signalNode(node, "SIGCONT");
    },
    /** SIGKILLs every process of the node and settles once the tracked ones have exited. */
    async kill(node) {
      containerOf(node);
      const procs = await signalNode(node, "SIGKILL");
      await Promise.all(procs.map((p) => p.exited));
    },
    /** Drops the node's unsynced writes; refused while a tracked process of it lives. */
    async loseUnsynced(node) {
      containerOf(node);
      if (table.live(node).length > 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot drop unsynced writes of node "${node}": its processes still run (kill it first)`);
      return (parts.disks ?? NO_DISK_FAULTS).loseUnsynced(node);
    },
    /** Starts again every service process of the node that has exited, with its original spec. */
    async restart(node) {
      containerOf(node);
      for (const spec of table.deadServices(node)) await start(node, spec);
    },
    async partition(grudge) {
      needHost("partition", "all");
      if (stopped) throw new HarnessError("nemesis.fault-not-applied", `Cannot partition run "${plan.runId}": the cluster is stopped`);
      await network.partition(grudge);
    },
    heal: async () => (stopped || remote ? undefined : network.heal()),
    async setClock(node, skew) {
      containerOf(node);
      needHost("skew the clock of", node);
      if (!parts.faults.has("clock")) {
        throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of node "${node}": the cluster was started without fake clocks`);
      }
      clocks.set(node, skew);
      const reading = await clocks.read(node, run);
      const mismatch = skewNotApplied(node, reading, clocks.expectedOffset(node, reading.atMs ?? clock.wallMs()));
      if (mismatch) throw mismatch;
    },
    readClock: (node) => clocks.read(node, run),
    /** The container's freezer (`docker pause`): every process, children included. */
    async freeze(node) {
      await containerOf(node).pause();
      await images.freeze(node, true);
      const state = (await containerOf(node).inspect()).State;
      if (!state.Paused) throw new HarnessError("nemesis.fault-not-applied", `Cannot freeze node "${node}": the container is not paused`);
    },
    async thaw(node) {
      await containerOf(node).unpause().catch(ignoreNotPaused);
      await images.freeze(node, false);
    },
    async dropPackets(node, from, probability) {
      containerOf(node);
      needHost("drop packets on", node);
      await network.dropPackets(node, from, probability);
    },
    async delayTraffic(node, delay) {
      containerOf(node);
      needHost("delay traffic into", node);
      await delayer.delay(node, delay);
    },
    async healTraffic(kind) {
      if (stopped || remote) return;
      await (kind === "loss" ? network.healLoss() : delayer.heal());
    },
    async probe(from, to, opts = {}) {
      needHost("probe from", from);
      const host = plan.containers.find((c) => c.id === to)?.host;
      if (host === undefined) throw new HarnessError("config.invalid", `Cannot find node "${to}": the cluster has no such node`);
      return network.probe(from, host, opts.port ?? 1, opts.timeoutMs ?? 1_000);
    },
    /** Idempotent: later calls share the first call's promise (a failed stop may be retried). */
    stop() {
      stopped = true;
      return stopOnce();
    },
  });
}

function ignoreNotPaused(error: unknown): void {
  if (!/not paused|is not running/i.test(String(error))) throw error;
}
