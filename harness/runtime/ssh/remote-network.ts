/**
 * Partitions, loss and probes on the hosts: iptables-restore input from the
 * shared rule builders, applied over SSH in chains of ours (one jump each),
 * with the SSH port let through first. Rules act per host (see host-grudge).
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock, NodeId } from "../../../core/index.js";
import { healScript, partitionScript } from "../common/partition-rules.js";
import type { NodeRules } from "../common/rule-network.js";
import { lossHealScript, lossScript, probeScript } from "../common/traffic-rules.js";
import { hostGrudge } from "./host-grudge.js";
import { HOST_CHAINS } from "./host-cleanup-script.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** What the faults need: each node's host address and each address's connection. */
export interface RemoteNetworkParts {
  readonly addressOf: ReadonlyMap<NodeId, string>;
  readonly hostAt: (address: string) => SshHost;
  readonly sshPort: number;
  readonly clock: Clock;
  /** The comment of the run's jumps to our chains (host-cleanup-script.ts `jumpComment`): how `clean` tells them from other runs'. */
  readonly jumpComment: string;
}

/**
 * `input` (iptables-restore) with every jump to one of our chains, added
 * or deleted, carrying `comment`: the run's jumps are then its own on a
 * host other runs share. Other lines are kept as they are. Pure.
 */
export function withJumpComment(input: string, comment: string): string {
  if (!/^[A-Za-z0-9:_.-]+$/.test(comment)) throw new HarnessError("internal", `Cannot comment iptables jumps with ${JSON.stringify(comment)}`);
  const chains = HOST_CHAINS.map(([, , chain]) => chain).join("|");
  return input.replace(new RegExp(`^(-[ID] (?:INPUT|PREROUTING)) -j (${chains})$`, "gm"), `$1 -m comment --comment ${comment} -j $2`);
}

/** Creates the rules of an ssh cluster (common/rule-network.ts `NodeRules`); it remembers which hosts hold our chains. */
export function createRemoteNetwork(parts: RemoteNetworkParts): NodeRules {
  const { clock } = parts;
  const partitioned = new Set<string>();
  const lossy = new Set<string>();
  async function restoreAt(address: string, input: string): Promise<void> {
    const result = await runRemote(parts.hostAt(address), "iptables-restore -w --noflush", { input: withJumpComment(input, parts.jumpComment), clock });
    if (result.exitCode !== 0) {
      throw new HarnessError("nemesis.fault-not-applied", `Cannot change the iptables rules of host "${address}": ${result.stderr.trim().split("\n").at(-1) ?? `exit ${result.exitCode}`}`);
    }
  }
  const addressOf = (node: NodeId): string => {
    const address = parts.addressOf.get(node);
    if (address === undefined) throw new HarnessError("config.invalid", `Cannot find node "${node}": the cluster has no such node`);
    return address;
  };
  return {
    restore: (node, input) => restoreAt(addressOf(node), input),
    async partition(grudge) {
      const drops = hostGrudge(grudge, parts.addressOf);
      const targets = new Set([...partitioned, ...drops.keys()]);
      await Promise.all([...targets].map(async (address) => {
        await restoreAt(address, partitionScript(drops.get(address) ?? [], !partitioned.has(address), { keepTcpPort: parts.sshPort }));
        partitioned.add(address);
      }));
    },
    async heal() {
      await Promise.all([...partitioned].map(async (address) => {
        await restoreAt(address, healScript());
        partitioned.delete(address);
      }));
    },
    async dropPackets(node, from, probability) {
      const address = addressOf(node);
      const sources = hostGrudge(new Map([[node, new Set(from)]]), parts.addressOf).get(address) ?? [];
      await restoreAt(address, lossScript(sources, probability, !lossy.has(address), { keepTcpPort: parts.sshPort }));
      lossy.add(address);
    },
    async healLoss() {
      await Promise.all([...lossy].map(async (address) => {
        await restoreAt(address, lossHealScript());
        lossy.delete(address);
      }));
    },
    async probe(from, toAddress, port, timeoutMs) {
      const script = probeScript(toAddress, port, timeoutMs / 1000);
      const result = await runRemote(parts.hostAt(addressOf(from)), `bash -c ${shellWord(script)}`, { clock, timeoutMs: timeoutMs + 5_000 });
      if (result.exitCode === 0) return "connected";
      return result.exitCode === 124 || result.signal !== undefined ? "timeout" : "refused";
    },
  };
}
