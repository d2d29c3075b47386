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
import type { Clock, ClockSkew, Cluster, ClusterNode, ExecResult, Fault, NodeId, NodeProcess } from "../../../core/index.js";
import { awaitStopped } from "../common/process-table.js";
import { setSkewAndVerify } from "../common/faketime.js";
import { createNodeSupervisor, type NodeSignal } from "../common/node-supervisor.js";
import { containerPids, execInContainer, signalHostPid } from "./container-io.js";
import type { DockerClocks } from "./docker-clocks.js";
import type { DockerEngine } from "./docker-engine.js";
import type { DockerPlan, PlanMounts } from "./docker-plan.js";
import { createImageContainers } from "./image-containers.js";
import { startExecProcess, type ExecProcess } from "./exec-process.js";
import { createNetworkFaults } from "./network-faults.js";
import { createTrafficDelayer } from "../common/traffic-delay.js";
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

/** Wraps started containers in a `Cluster`. */
export function createDockerCluster(parts: DockerClusterParts): Cluster {
  const { engine, plan, clock, clocks } = parts;
  const { docker, remote } = engine;
  const mainPids = new Map<NodeId, number>();
  const planned = (node: NodeId): DockerPlan["containers"][number] | undefined => plan.containers.find((c) => c.id === node);
  function containerOf(node: NodeId): Docker.Container {
    supervisor.checkNode(node);
    return docker.getContainer((planned(node) as DockerPlan["containers"][number]).name);
  }
  const hostOf = (node: NodeId): string => planned(node)?.host ?? "";
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

  const supervisor = createNodeSupervisor<ExecProcess>({
    clock,
    hasNode: (node) => planned(node) !== undefined,
    async spawn(node, spec) {
      const env = spec.fakeClock === false ? {} : clocks.envFor(node);
      if (spec.image) return images.start(node, spec, spec.image, env);
      const readPidFile = remote ? async (file: string) => Number((await run(node, ["cat", file])).stdout.trim()) : undefined;
      return startExecProcess(
        { node, docker, container: containerOf(node), env, sendSignal: sendSignal(node), clock, onLogFailure: parts.onFailure, ...(readPidFile ? { readPidFile } : {}) },
        spec,
      );
    },
    waitReady: async (node, proc, port, timeoutMs) =>
      waitForService({ node, proc, host: hostOf(node), port, timeoutMs, clock, run, mainPid: remote ? undefined : await mainPid(node) }),
    signalRest: (node, signal) => (signal === "SIGTERM" ? Promise.resolve() : signalContainer(node, signal)),
    awaitStopped: async (_node, procs) => (remote ? undefined : awaitStopped(procs, clock)),
  }, parts.stopGraceMs);

  /** Every process of the node the table does not track: its image containers', then (local engine) the rest `docker top` lists; the engine's freezer or a kill in the container on a remote engine. */
  async function signalContainer(node: NodeId, signal: NodeSignal): Promise<void> {
    await images.signal(node, signal);
    if (remote) {
      if (signal === "SIGKILL") await run(node, ["kill", "-s", "KILL", "-1"]);
      else await (signal === "SIGSTOP" ? containerOf(node).pause() : containerOf(node).unpause()).catch(ignoreNotPaused);
      return;
    }
    for (const pid of await containerPids(containerOf(node), await mainPid(node))) signalHostPid(pid, signal);
  }

  const delayer = createTrafficDelayer({
    hostOf,
    servicePorts: (node) => supervisor.servicePorts(node),
    startProcess: (node, spec) => supervisor.start(node, spec),
    restore: (node, input) => network.restore(node, input),
    logDir: parts.logDir,
    sleep: (ms) => clock.sleep(ms),
  });

  const nodes: ClusterNode[] = plan.containers.map((c) => ({ id: c.id, role: c.role, host: c.host }));
  return composeCluster({ runId: plan.runId, nodes, faults: parts.faults }, {
    ...SHARED_FILES,
    startProcess: (node, spec): Promise<NodeProcess> => supervisor.start(node, spec),
    exec: (node, argv, opts = {}) => run(node, argv, {}, opts),
    /** SIGSTOPs every process of the node (tracked ones before the promise is returned); a freezer pause on a remote engine. */
    pause: (node) => supervisor.pause(node),
    resume: (node) => supervisor.resume(node),
    kill: (node) => supervisor.kill(node),
    loseUnsynced: (node) => supervisor.loseUnsynced(node, parts.disks),
    restart: (node) => supervisor.restart(node),
    async partition(grudge) {
      needHost("partition", "all");
      supervisor.refuseStopped(`partition run "${plan.runId}"`);
      await network.partition(grudge);
    },
    heal: async () => (supervisor.isStopped() || remote ? undefined : network.heal()),
    async setClock(node, skew) {
      containerOf(node);
      needHost("skew the clock of", node);
      const readable = parts.faults.has("clock")
        ? {
          set: (n: NodeId, s: ClockSkew) => clocks.set(n, s), read: (n: NodeId) => clocks.read(n, run), expectedOffset: (n: NodeId, atMs: number) => clocks.expectedOffset(n, atMs),
          ...(clocks.monotonicFloor ? { monotonicFloor: clocks.monotonicFloor } : {}),
        }
        : undefined;
      await setSkewAndVerify(node, skew, readable, clock);
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
      supervisor.refuseStopped(`drop packets of node "${node}"`);
      await network.dropPackets(node, from, probability);
    },
    async delayTraffic(node, delay) {
      containerOf(node);
      needHost("delay traffic into", node);
      supervisor.refuseStopped(`delay traffic of node "${node}"`);
      await delayer.delay(node, delay);
    },
    async healTraffic(kind) {
      if (supervisor.isStopped() || remote) return;
      await (kind === "loss" ? network.healLoss() : delayer.heal());
    },
    async probe(from, to, opts = {}) {
      needHost("probe from", from);
      containerOf(to);
      return network.probe(from, hostOf(to), opts.port ?? 1, opts.timeoutMs ?? 1_000);
    },
    stop: () => supervisor.stop({
      async before() {
        await Promise.all(plan.containers.map((c) => containerOf(c.id).unpause().catch(() => undefined)));
        await Promise.all(plan.containers.map((c) => images.freeze(c.id, false).catch(() => undefined)));
      },
      end: () => parts.remove(),
      after: async () => parts.disks?.unmountAll(),
    }),
  });
}

function ignoreNotPaused(error: unknown): void {
  if (!/not paused|is not running/i.test(String(error))) throw error;
}
