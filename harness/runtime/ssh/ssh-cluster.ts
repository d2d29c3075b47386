/**
 * A running ssh cluster: nodes placed on the user's hosts, each facet over
 * the hosts' reused SSH connections. `stop` heals, resumes and kills
 * everything of the run on every host (found by its environment mark),
 * removes its chains and folders, and closes the connections.
 */
import { HarnessError, NO_DISK_FAULTS, composeCluster } from "../../../core/index.js";
import type { Clock, ClockOptions, Cluster, ClusterNode, Fault, NodeId } from "../../../core/index.js";
import { skewNotApplied } from "../common/faketime.js";
import { createTrafficDelayer } from "../common/traffic-delay.js";
import { retryableOnce } from "../common/retryable-once.js";
import { cleanHost, cleanupLine, jumpComment } from "./host-cleanup.js";
import type { HostFaketime } from "./host-faketime.js";
import type { HostTime } from "./host-time.js";
import type { Watchdogs } from "./host-watchdog.js";
import { mapText, type PathMap } from "./path-map.js";
import { createRemoteClocks } from "./remote-clocks.js";
import { fetchPath } from "./remote-files.js";
import { createRemoteNetwork } from "./remote-network.js";
import type { SshHost } from "./ssh-connection.js";
import { createSshProcesses } from "./ssh-processes.js";

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
  let stopped = false;
  const stopOnce = retryableOnce(stopAll);
  const address = (node: NodeId): string => {
    const found = addressOf.get(node);
    if (found === undefined) throw new HarnessError("config.invalid", `Cannot find node "${node}": the cluster has no such node`);
    return found;
  };
  const hostAt = (where: string): ClusterHost => parts.hosts.get(where) as ClusterHost;
  const hostOf = (node: NodeId): ClusterHost => hostAt(address(node));
  const clocks = createRemoteClocks((node) => ({
    host: hostOf(node).ssh, time: hostOf(node).time, dir: `${parts.runDir}/clock`, faketimeLibrary: hostOf(node).faketime.library ?? parts.layout.faketime, nodeBinary: parts.layout.node,
  }), clock, parts.clockOptions);
  const processes = createSshProcesses({
    runId: parts.runId, controllerId: parts.controllerId, hostOf: (node) => hostOf(node).ssh, addressOf: address, monotonicOffsetNs: (node) => hostOf(node).time.monotonicOffsetNs,
    paths: parts.paths, createdUnder: [parts.storeDir], runDir: parts.runDir, clocks, clock, isStopped: () => stopped, onLogFailure: parts.onFailure,
  });
  const network = createRemoteNetwork({ addressOf, hostAt: (where) => hostAt(where).ssh, sshPort: parts.sshPort, clock, jumpComment: jumpComment(parts.controllerId, parts.runId) });
  const delayer = createTrafficDelayer({
    hostOf: address,
    servicePorts: (node) => processes.live().filter((p) => p.node === node && (p.spec.kind ?? "service") === "service" && p.spec.readyPort !== undefined).map((p) => p.spec.readyPort as number),
    startProcess: (node, spec) => processes.startProcess(node, spec),
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
  async function stopAll(): Promise<void> {
    const hosts = [...parts.hosts.values()];
    try {
      const fired = await parts.watchdogs.fired();
      await Promise.all([network.heal(), network.healLoss(), delayer.heal()].map((p) => p.catch(() => undefined)));
      await processes.signalAll("SIGCONT");
      await processes.signalAll("SIGTERM");
      const grace = new AbortController();
      await Promise.race([Promise.all(processes.live().map((p) => p.exited)), clock.sleep(parts.stopGraceMs, grace.signal)]);
      grace.abort();
      const results = await Promise.all(hosts.map((h) => cleanHost(h.ssh, parts.runId, { clock, timeoutMs: 20_000 })));
      const ended = new AbortController();
      await Promise.race([Promise.all(processes.live().map((p) => p.exited)), clock.sleep(2_000, ended.signal)]);
      ended.abort();
      const failed = results.filter((r) => r.failures.length > 0);
      if (failed.length > 0) {
        throw new HarnessError("runtime.command-failed", `Cannot clean ${failed.length} host(s) of run "${parts.runId}": ${failed.map(cleanupLine).join(" | ")} (fencecheck clean --runtime ssh --run-id ${parts.runId})`);
      }
      if (fired.length > 0) {
        const first = (log: string): string => log.trim().split("\n")[0] ?? "";
        throw new HarnessError("runtime.command-failed", `The watchdog of ${fired.length} host(s) fired during run "${parts.runId}" and killed its processes: ${fired.map((f) => `host "${f.host}": ${first(f.log)}`).join(" | ")}`);
      }
    } finally {
      await parts.watchdogs.stop();
      for (const host of hosts) host.ssh.close();
    }
  }

  return composeCluster({ runId: parts.runId, nodes: parts.nodes, faults: parts.faults }, {
    ...processes,
    ...NO_DISK_FAULTS,
    async partition(grudge) {
      if (stopped) throw new HarnessError("nemesis.fault-not-applied", `Cannot partition run "${parts.runId}": the cluster is stopped`);
      await network.partition(grudge);
    },
    heal: async () => (stopped ? undefined : network.heal()),
    dropPackets: (node, from, probability) => network.dropPackets(node, from, probability),
    delayTraffic: async (node, delay) => delayer.delay(node, delay),
    async healTraffic(kind) {
      if (stopped) return;
      await (kind === "loss" ? network.healLoss() : delayer.heal());
    },
    probe: (from, to, opts = {}) => network.probe(from, address(to), opts.port ?? 1, opts.timeoutMs ?? 1_000),
    async setClock(node, skew) {
      address(node);
      if (!parts.faults.has("clock")) {
        throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of node "${node}": the cluster was started without fake clocks`);
      }
      await clocks.set(node, skew);
      const reading = await clocks.read(node);
      const mismatch = skewNotApplied(node, reading, clocks.expectedOffset(node, reading.atMs ?? clock.wallMs()));
      if (mismatch) throw mismatch;
    },
    readClock: (node) => clocks.read(node),
    async collect(node, paths) {
      const host = hostOf(node);
      for (const path of paths) await fetchPath(host.ssh, mapText(parts.paths, path), path, clock);
    },
    /** Idempotent: later calls share the first call's promise (a failed stop may be retried). */
    stop() {
      stopped = true;
      return stopOnce();
    },
  });
}
