/**
 * Pure builders for partition rules: `iptables-restore --noflush` input run
 * inside node namespaces only. All rules live in our own chain, FENCECHECK,
 * reached by one jump from INPUT, so healing removes exactly what we added.
 */
import { HarnessError } from "../../../core/index.js";
import type { Grudge, NodeId } from "../../../core/index.js";

/** Our chain's name in each node's filter table. */
export const PARTITION_CHAIN = "FENCECHECK";

/**
 * For each node of the grudge, the addresses whose INPUT it drops. Throws
 * "config.invalid" when the grudge names a node the cluster does not have.
 */
export function grudgeSources(grudge: Grudge, hosts: ReadonlyMap<NodeId, string>): Map<NodeId, string[]> {
  const sources = new Map<NodeId, string[]>();
  for (const [node, dropped] of grudge) {
    const addresses = [...dropped].map((from) => hostOf(hosts, from));
    hostOf(hosts, node);
    sources.set(node, addresses);
  }
  return sources;
}

/** What a chain of ours lets through before any of its rules: the ssh runtime's control connection. */
export interface ChainOptions {
  /** Incoming TCP to this port returns from the chain first, so no rule of ours drops it. */
  readonly keepTcpPort?: number;
}

/** The chain's first rules for `opts`: a RETURN for the kept port. Pure. */
export function keptTraffic(chain: string, opts: ChainOptions): string[] {
  const port = opts.keepTcpPort;
  if (port === undefined) return [];
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new HarnessError("config.invalid", `Cannot keep port "${port}" through a partition: it is not a port`);
  return [`-A ${chain} -p tcp --dport ${port} -j RETURN`];
}

/**
 * The restore input that (re)declares our chain, which flushes it, fills it
 * with the kept traffic's RETURN first, then one DROP per source address,
 * and adds the INPUT jump when `addJump`.
 */
export function partitionScript(sources: readonly string[], addJump: boolean, opts: ChainOptions = {}): string {
  return [
    "*filter",
    `:${PARTITION_CHAIN} - [0:0]`,
    ...(addJump ? [`-I INPUT -j ${PARTITION_CHAIN}`] : []),
    ...keptTraffic(PARTITION_CHAIN, opts),
    ...sources.map((address) => `-A ${PARTITION_CHAIN} -s ${address}/32 -j DROP`),
    "COMMIT",
    "",
  ].join("\n");
}

/** The restore input that removes the jump and our chain. */
export function healScript(): string {
  return ["*filter", `-D INPUT -j ${PARTITION_CHAIN}`, `-F ${PARTITION_CHAIN}`, `-X ${PARTITION_CHAIN}`, "COMMIT", ""].join("\n");
}

function hostOf(hosts: ReadonlyMap<NodeId, string>, node: NodeId): string {
  const host = hosts.get(node);
  if (host === undefined) throw new HarnessError("config.invalid", `Cannot partition node "${node}": the cluster has no such node`);
  return host;
}
