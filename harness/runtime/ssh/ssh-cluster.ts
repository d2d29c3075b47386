/**
 * A running ssh cluster: nodes placed on the user's hosts, each facet over
 * the hosts' reused SSH connections. The node lifecycle is the
 * supervisor's (common/node-supervisor.ts, over ssh-node-driver.ts); this
 * wires it to the hosts' network and clocks (libfaketime, and the bundle's
 * clock injector run on each host for the programs libfaketime cannot
 * reach), and its stop to the checked
 * cleanup of every host (ssh-stop-steps.ts).
 */
import { composeCluster } from "../../../core/index.js";
import type { Clock, ClockOptions, Cluster, ClusterNode, Fault, HarnessError, NodeId } from "../../../core/index.js";
import { clockFacet } from "../common/clock-facet.js";
import { nodeLookup } from "../common/node-lookup.js";
import { createNodeSupervisor } from "../common/node-supervisor.js";
import { createRuleNetwork } from "../common/rule-network.js";
import { guardedNetwork, supervisedProcesses } from "../common/supervised-cluster.js";
import { jumpComment } from "./host-cleanup.js";
import type { HostFaketime } from "./host-faketime.js";
import type { HostTime } from "./host-time.js";
import type { Watchdogs } from "./host-watchdog.js";
import { mapText, type PathMap } from "./path-map.js";
import { createRemoteClocks } from "./remote-clocks.js";
import { remoteClockInjector, remoteDescendants } from "./remote-injector.js";
import { withInjector } from "../common/injected-clocks.js";
import { fetchPath } from "./remote-files.js";
import { createRemoteNetwork } from "./remote-network.js";
import type { SshHost } from "./ssh-connection.js";
import { createSshNodeDriver } from "./ssh-node-driver.js";
import { sshStopSteps } from "./ssh-stop-steps.js";

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
  /** The bundle's programs on the hosts; `injector` only when the bundle carries the clock injector. */
  readonly layout: { readonly node: string; readonly faketime: string; readonly injector?: string };
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
  const { clock, runId } = parts;
  const addressOf = new Map(parts.nodes.map((n) => [n.id, n.host]));
  const hosts = nodeLookup(parts.nodes.map((n) => [n.id, parts.hosts.get(n.host) as ClusterHost] as const));
  const address = (node: NodeId): string => hosts.get(node).address;
  const clocks = createRemoteClocks((node) => ({
    host: hosts.get(node).ssh, time: hosts.get(node).time, dir: `${parts.runDir}/clock`, faketimeLibrary: hosts.get(node).faketime.library ?? parts.layout.faketime, nodeBinary: parts.layout.node,
  }), clock, parts.clockOptions);
  const { injector } = parts.layout;
  const skewable = withInjector(clocks, {
    injectorOf: parts.faults.has("clock") && injector !== undefined ? (node) => remoteClockInjector(hosts.get(node).ssh, injector, clock) : undefined,
    wallMs: () => clock.wallMs(), monotonic: parts.clockOptions?.monotonic === true, faked: (node) => clocks.faked(node),
    descendants: (node, pid) => remoteDescendants(hosts.get(node).ssh, pid, clock),
  });
  const driver = createSshNodeDriver({
    runId, controllerId: parts.controllerId, hostOf: (node) => hosts.get(node).ssh, addressOf: address, monotonicOffsetNs: (node) => hosts.get(node).time.monotonicOffsetNs,
    paths: parts.paths, createdUnder: [parts.storeDir], runDir: parts.runDir, clocks, clock, hasNode: (node) => hosts.has(node), onLogFailure: parts.onFailure,
    started: (node, proc) => skewable.started(node, proc),
  });
  const supervisor = createNodeSupervisor(driver, parts.stopGraceMs);
  const network = createRuleNetwork({
    rules: createRemoteNetwork({ addressOf, hostAt: (where) => (parts.hosts.get(where) as ClusterHost).ssh, sshPort: parts.sshPort, clock, jumpComment: jumpComment(parts.controllerId, runId) }),
    hostOf: address, supervisor, logDir: parts.logDir, clock,
  });

  return composeCluster({ runId, nodes: parts.nodes, faults: parts.faults }, {
    ...supervisedProcesses(supervisor, undefined),
    exec: (node, argv, opts) => driver.exec(node, argv, opts),
    /** No freezer is driven over SSH yet: a freeze is a SIGSTOP of each process group, proven by the host's /proc. */
    freeze: (node) => supervisor.pause(node),
    thaw: (node) => supervisor.resume(node),
    ...guardedNetwork(supervisor, runId, network),
    ...clockFacet({ checkNode: (node) => supervisor.checkNode(node), faked: parts.faults.has("clock"), clocks: skewable.clocks, clock }),
    async collect(node, paths) {
      const { ssh } = hosts.get(node);
      for (const path of paths) await fetchPath(ssh, mapText(parts.paths, path), path, clock);
    },
    stop: () => supervisor.stop(sshStopSteps({ runId, hosts: [...parts.hosts.values()].map((h) => h.ssh), watchdogs: parts.watchdogs, healAll: () => network.healAll(), clock })),
  });
}
