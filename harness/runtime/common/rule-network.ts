/**
 * The network faults of a cluster that writes iptables rules into its
 * nodes and runs the package's programs there (docker's containers, from
 * the host; the ssh runtime's hosts, over SSH): partitions and loss are
 * the runtime's rules, a delay is a proxy run as a node program
 * (traffic-delay.ts), a probe is one connection tried from inside a node.
 * Unguarded: the cluster puts them behind its supervisor
 * (supervised-cluster.ts `guardedNetwork`).
 */
import type { Clock, ClusterNetwork, Grudge, NodeId, ProbeResult } from "../../../core/index.js";
import type { NodeSupervisor } from "./node-supervisor.js";
import type { TrackedProcess } from "./process-table.js";
import { createTrafficDelayer } from "./traffic-delay.js";

/** The rules a runtime applies in its nodes, and its probe. */
export interface NodeRules {
  partition(grudge: Grudge): Promise<void>;
  heal(): Promise<void>;
  dropPackets(node: NodeId, from: readonly NodeId[], probability: number): Promise<void>;
  healLoss(): Promise<void>;
  /** One TCP connection attempt from inside `from` to `host`:`port`. */
  probe(from: NodeId, host: string, port: number, timeoutMs: number): Promise<ProbeResult>;
  /** Runs iptables-restore input (--noflush) in the node's network. */
  restore(node: NodeId, input: string): Promise<void>;
}

/** What the faults need from their cluster. */
export interface RuleNetworkParts {
  readonly rules: NodeRules;
  /** The node's address (where its services listen). */
  readonly hostOf: (node: NodeId) => string;
  /** Starts the delay proxies, and names the ports a delay without one applies to. */
  readonly supervisor: Pick<NodeSupervisor<TrackedProcess>, "start" | "servicePorts">;
  /** Host directory for the proxies' logs. */
  readonly logDir: string;
  readonly clock: Clock;
}

/** The network facet, plus one heal of everything for a cluster's stop. */
export interface RuleNetwork extends ClusterNetwork {
  /** Heals partitions, loss and delays, each whatever the others did; never throws. */
  healAll(): Promise<void>;
}

/** Creates the faults; a probe without a port tries port 1, waiting 1 s unless told. */
export function createRuleNetwork(parts: RuleNetworkParts): RuleNetwork {
  const { rules, supervisor, clock } = parts;
  const delayer = createTrafficDelayer({
    hostOf: parts.hostOf,
    servicePorts: (node) => supervisor.servicePorts(node),
    startProcess: (node, spec) => supervisor.start(node, spec),
    restore: (node, input) => rules.restore(node, input),
    logDir: parts.logDir,
    sleep: (ms) => clock.sleep(ms),
  });
  return {
    partition: (grudge) => rules.partition(grudge),
    heal: () => rules.heal(),
    dropPackets: (node, from, probability) => rules.dropPackets(node, from, probability),
    delayTraffic: (node, delay) => delayer.delay(node, delay),
    healTraffic: (kind) => (kind === "loss" ? rules.healLoss() : delayer.heal()),
    probe: (from, to, opts = {}) => rules.probe(from, parts.hostOf(to), opts.port ?? 1, opts.timeoutMs ?? 1_000),
    async healAll() {
      await Promise.all([rules.heal(), rules.healLoss(), delayer.heal()].map((p) => p.catch(() => undefined)));
    },
  };
}
