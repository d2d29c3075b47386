/**
 * Partitions and packet loss for a docker cluster, applied from the host:
 * `nsenter -t <container pid> -n iptables-restore` runs the host's iptables
 * inside the container's network namespace, so containers need no
 * capabilities and the host's own rules are never touched. The rules are
 * the local runtime's (our own chains, one jump each); they vanish with the
 * container's namespace.
 */
import type { Clock, NodeId } from "../../../core/index.js";
import type { NodeRules } from "../common/rule-network.js";
import { grudgeSources, healScript, partitionScript } from "../common/partition-rules.js";
import { runChecked, runCommand } from "../common/run-command.js";
import { lossHealScript, lossScript, probeScript } from "../common/traffic-rules.js";
import { portProbeScript } from "../common/port-probe.js";

/** What the faults need: node addresses and each node's container PID on this host. */
export interface NetworkFaultsParts {
  readonly hosts: ReadonlyMap<NodeId, string>;
  readonly pidOf: (node: NodeId) => Promise<number>;
  readonly clock: Clock;
}

/** The argv that runs `argv` in the network namespace of host PID `pid`. Pure. */
export function nsenterArgv(pid: number, argv: readonly string[]): string[] {
  return ["nsenter", "-t", String(pid), "-n", ...argv];
}

/** Creates the rules of a cluster on a local engine (common/rule-network.ts `NodeRules`); it remembers which nodes hold our chains. */
export function createNetworkFaults(parts: NetworkFaultsParts): NodeRules {
  const { clock } = parts;
  const partitioned = new Set<NodeId>();
  const lossy = new Set<NodeId>();
  async function restore(node: NodeId, input: string): Promise<void> {
    const argv = nsenterArgv(await parts.pidOf(node), ["iptables-restore", "-w", "--noflush"]);
    await runChecked(argv, { clock, input, context: `Cannot change the iptables rules of node "${node}"` });
  }
  return {
    restore,
    async partition(grudge) {
      const sources = grudgeSources(grudge, parts.hosts);
      const targets = new Set([...partitioned, ...sources.keys()]);
      await Promise.all(
        [...targets].map(async (node) => {
          await restore(node, partitionScript(sources.get(node) ?? [], !partitioned.has(node)));
          partitioned.add(node);
        }),
      );
    },
    async heal() {
      await Promise.all([...partitioned].map(async (node) => {
        await restore(node, healScript());
        partitioned.delete(node);
      }));
    },
    async dropPackets(node, from, probability) {
      const sources = grudgeSources(new Map([[node, new Set(from)]]), parts.hosts).get(node) ?? [];
      await restore(node, lossScript(sources, probability, !lossy.has(node)));
      lossy.add(node);
    },
    async healLoss() {
      await Promise.all([...lossy].map(async (node) => {
        await restore(node, lossHealScript());
        lossy.delete(node);
      }));
    },
    async probe(from, host, port, timeoutMs) {
      const argv = nsenterArgv(await parts.pidOf(from), ["bash", "-c", probeScript(host, port, timeoutMs / 1000)]);
      const result = await runCommand(argv, { clock, timeoutMs: timeoutMs + 5_000 });
      if (result.exitCode === 0) return "connected";
      return result.exitCode === 124 || result.signal !== undefined ? "timeout" : "refused";
    },
  };
}

/** The argv that waits, inside the namespace of `pid`, until `host:port` accepts a connection. Pure. */
export function readinessArgv(pid: number, host: string, port: number): string[] {
  return nsenterArgv(pid, ["bash", "-c", portProbeScript(host, port)]);
}
