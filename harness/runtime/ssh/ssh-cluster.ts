/**
 * A running ssh cluster: nodes placed on the user's hosts, each facet over
 * the hosts' reused SSH connections. `stop` heals, resumes and kills
 * everything of the run on every host (found by its environment mark),
 * removes its chains and folders, and closes the connections.
 */
import { HarnessError, composeCluster } from "../../../core/index.js";
import type { Clock, ClockOptions, Cluster, ClusterNode, Fault, NodeId } from "../../../core/index.js";
import { setSkewAndVerify } from "../common/faketime.js";
import { createNodeSupervisor } from "../common/node-supervisor.js";
import { createTrafficDelayer } from "../common/traffic-delay.js";
import { cleanHost, cleanupLine, jumpComment } from "./host-cleanup.js";
import type { HostFaketime } from "./host-faketime.js";
import type { HostTime } from "./host-time.js";
import type { Watchdogs } from "./host-watchdog.js";
import { mapText, type PathMap } from "./path-map.js";
import { createRemoteClocks } from "./remote-clocks.js";
import { fetchPath } from "./remote-files.js";
import { createRemoteNetwork } from "./remote-network.js";
import type { SshHost } from "./ssh-connection.js";
import { createSshDriver } from "./ssh-processes.js";

/** One host of the cluster, connected and measured. */
export interface ClusterHost {
  readonly address: string;
  readonly ssh: SshHost;
  readonly time: HostTime;
  /** The libfaketime its processes load, or why it has none (a run skewing its nodes is refused at start). */
  readonly faketime: HostFaketime;
}

/** What an ssh cluster is made of. */
export interface SshClusterParts {
  readonly runId: string;
  /** The controller that started the run (controller-id.ts): in its processes' environment and its jumps' comments. */
  readonly controllerId: string;
  readonly nodes: readonly ClusterNode[];
  /** Address -> host. */
  readonly hosts: ReadonlyMap<string, ClusterHost>;
  readonly faults: ReadonlySet<Fault>;
  readonly paths: PathMap;
  readonly storeDir: string;
  readonly runDir: string;
  readonly layout: { readonly node: string; readonly faketime: string };
  readonly sshPort: number;
  readonly clockOptions: ClockOptions | undefined;
  readonly clock: Clock;
  /** Host directory for the run's own logs (delay proxies). */
  readonly logDir: string;
  readonly stopGraceMs: number;
  /** Called when a node's log cannot be written (see `StartOptions.onFailure`). */
  readonly onFailure: (error: HarnessError) => void;
  /** The hosts' watchdogs, started with the run folder: `stop` ends their heartbeats once the hosts are clean. */
  readonly watchdogs: Watchdogs;
}

/** Wraps placed, connected hosts in a `Cluster`. */
export function createSshCluster(parts: SshClusterParts): Cluster {
  const { clock } = parts;
  const addressOf = new Map(parts.nodes.map((n) => [n.id, n.host]));
  const address = (node: NodeId): string => {
    supervisor.checkNode(node);
    return addressOf.get(node) as string;
  };
  const hostAt = (where: string): ClusterHost => parts.hosts.get(where) as ClusterHost;
  const hostOf = (node: NodeId): ClusterHost => hostAt(address(node));
  const clocks = createRemoteClocks((node) => ({
    host: hostOf(node).ssh, time: hostOf(node).time, dir: `${parts.runDir}/clock`, faketimeLibrary: hostOf(node).faketime.library ?? parts.layout.faketime, nodeBinary: parts.layout.node,
  }), clock, parts.clockOptions);
  const driver = createSshDriver({
    runId: parts.runId, controllerId: parts.controllerId, hostOf: (node) => hostOf(node).ssh, addressOf: address, monotonicOffsetNs: (node) => hostOf(node).time.monotonicOffsetNs,
    paths: parts.paths, createdUnder: [parts.storeDir], runDir: parts.runDir, clocks, clock, hasNode: (node) => addressOf.has(node), onLogFailure: parts.onFailure,
  });
  const supervisor = createNodeSupervisor(driver, parts.stopGraceMs);
  const network = createRemoteNetwork({ addressOf, hostAt: (where) => hostAt(where).ssh, sshPort: parts.sshPort, clock, jumpComment: jumpComment(parts.controllerId, parts.runId) });
  const delayer = createTrafficDelayer({
    hostOf: address,
    servicePorts: (node) => supervisor.servicePorts(node),
    startProcess: (node, spec) => supervisor.start(node, spec),
    restore: (node, input) => network.restore(node, input),
    logDir: parts.logDir,
    sleep: (ms) => clock.sleep(ms),
  });

  /**
   * Heals, resumes and kills what the run started, then runs the checked
   * cleanup on every host whatever the others did, and closes every
   * connection. Throws "runtime.command-failed" naming each host that could
   * not be cleaned and what was left there, or whose watchdog fired during
   * the run (it killed the run's processes: what was recorded is in doubt).
   */
  function stop(): Promise<void> {
    const hosts = [...parts.hosts.values()];
    let fired: Awaited<ReturnType<Watchdogs["fired"]>> = [];
    let results: Awaited<ReturnType<typeof cleanHost>>[] = [];
    return supervisor.stop({
      async before() {
        fired = await parts.watchdogs.fired();
        await Promise.all([network.heal(), network.healLoss(), delayer.heal()].map((p) => p.catch(() => undefined)));
      },
      async end() {
        results = await Promise.all(hosts.map((h) => cleanHost(h.ssh, parts.runId, { clock, timeoutMs: 20_000 })));
      },
      async after() {
        const failed = results.filter((r) => r.failures.length > 0);
        if (failed.length > 0) {
          throw new HarnessError("runtime.command-failed", `Cannot clean ${failed.length} host(s) of run "${parts.runId}": ${failed.map(cleanupLine).join(" | ")} (fencecheck clean --runtime ssh --run-id ${parts.runId})`);
        }
        if (fired.length > 0) {
          const first = (log: string): string => log.trim().split("\n")[0] ?? "";
          throw new HarnessError("runtime.command-failed", `The watchdog of ${fired.length} host(s) fired during run "${parts.runId}" and killed its processes: ${fired.map((f) => `host "${f.host}": ${first(f.log)}`).join(" | ")}`);
        }
      },
      async finally() {
        await parts.watchdogs.stop();
        for (const host of hosts) host.ssh.close();
      },
    });
  }

  return composeCluster({ runId: parts.runId, nodes: parts.nodes, faults: parts.faults }, {
    startProcess: (node, spec) => supervisor.start(node, spec),
    exec: (node, argv, opts) => driver.exec(node, argv, opts),
    pause: (node) => supervisor.pause(node),
    resume: (node) => supervisor.resume(node),
    kill: (node) => supervisor.kill(node),
    restart: (node) => supervisor.restart(node),
    /** No freezer is driven over SSH yet: a freeze is a SIGSTOP of each process group, proven by the host's /proc. */
    freeze: (node) => supervisor.pause(node),
    thaw: (node) => supervisor.resume(node),
    loseUnsynced: (node) => supervisor.loseUnsynced(node, undefined),
    async partition(grudge) {
      supervisor.refuseStopped(`partition run "${parts.runId}"`);
      await network.partition(grudge);
    },
    heal: async () => (supervisor.isStopped() ? undefined : network.heal()),
    async dropPackets(node, from, probability) {
      supervisor.refuseStopped(`drop packets of node "${node}"`);
      await network.dropPackets(node, from, probability);
    },
    async delayTraffic(node, delay) {
      supervisor.refuseStopped(`delay traffic of node "${node}"`);
      await delayer.delay(node, delay);
    },
    async healTraffic(kind) {
      if (supervisor.isStopped()) return;
      await (kind === "loss" ? network.healLoss() : delayer.heal());
    },
    probe: (from, to, opts = {}) => network.probe(from, address(to), opts.port ?? 1, opts.timeoutMs ?? 1_000),
    async setClock(node, skew) {
      address(node);
      await setSkewAndVerify(node, skew, parts.faults.has("clock") ? clocks : undefined, clock);
    },
    readClock: (node) => clocks.read(node),
    async collect(node, paths) {
      const host = hostOf(node);
      for (const path of paths) await fetchPath(host.ssh, mapText(parts.paths, path), path, clock);
    },
    stop,
  });
}
