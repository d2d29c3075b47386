/**
 * Network faults on hosts act on addresses, so several nodes on one host
 * share them: pure translation of a node grudge into host rules that are
 * exact (every node on a cutting host cuts every node on the cut host), or
 * a refusal naming the nodes. (The SSH port is let through first in every
 * chain of ours: `keepTcpPort` of the rule builders.)
 */
import { HarnessError } from "../../../core/index.js";
import type { Grudge, NodeId } from "../../../core/index.js";

/**
 * Host address -> the addresses whose traffic it drops. Throws
 * "nemesis.fault-not-applied" when the grudge cuts nodes that share a host
 * from each other, or treats nodes on one host differently.
 */
export function hostGrudge(grudge: Grudge, hostOf: ReadonlyMap<NodeId, string>): Map<string, string[]> {
  const address = (node: NodeId): string => {
    const host = hostOf.get(node);
    if (host === undefined) throw new HarnessError("config.invalid", `Cannot cut node "${node}": the cluster has no such node`);
    return host;
  };
  const drops = new Map<string, Set<string>>();
  for (const [node, from] of grudge) {
    for (const other of from) {
      if (address(other) === address(node)) refuse(`nodes "${node}" and "${other}" share host "${address(node)}"`);
      drops.set(address(node), (drops.get(address(node)) ?? new Set()).add(address(other)));
    }
  }
  for (const [host, sources] of drops) {
    const residents = [...hostOf].filter(([, h]) => h === host).map(([n]) => n);
    for (const node of residents) {
      for (const [other, otherHost] of hostOf) {
        if (sources.has(otherHost) && !(grudge.get(node)?.has(other) ?? false)) {
          refuse(`on host "${host}" node "${node}" would be cut from "${other}" too (the hosts' rules act on addresses)`);
        }
      }
    }
  }
  return new Map([...drops].map(([host, sources]) => [host, [...sources].sort()]));
}

function refuse(why: string): never {
  throw new HarnessError("nemesis.fault-not-applied", `Cannot cut the network between hosts exactly: ${why}; give one node a host (a placement file, more hosts) or aim the fault at lock nodes (--fault-opt partition.nodes=lock)`);
}
