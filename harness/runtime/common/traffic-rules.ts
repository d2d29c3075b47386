/**
 * Pure builders for traffic-shaping rules, as `iptables-restore --noflush`
 * input run inside node namespaces only. Loss lives in our filter chain
 * FENCECHECK-LOSS (random drops with `-m statistic`), delay in our nat chain
 * FENCECHECK-DELAY (a REDIRECT of incoming connections to a local proxy).
 * Each chain is reached by one jump, so healing removes exactly what we added.
 */
import { HarnessError } from "../../../core/index.js";
import { keptTraffic, type ChainOptions } from "./partition-rules.js";
import { shellWord } from "./shell-word.js";
import { tcpPath } from "./port-probe.js";

/** Our loss chain in a node's filter table. */
export const LOSS_CHAIN = "FENCECHECK-LOSS";
/** Our delay chain in a node's nat table. */
export const DELAY_CHAIN = "FENCECHECK-DELAY";

/**
 * The restore input that (re)declares the loss chain (flushing it), with the
 * kept traffic's RETURN first, then one random DROP per source address, plus
 * the INPUT jump when `addJump`.
 */
export function lossScript(sources: readonly string[], probability: number, addJump: boolean, opts: ChainOptions = {}): string {
  if (!(probability >= 0 && probability <= 1)) {
    throw new HarnessError("config.invalid", `Cannot drop packets with probability "${probability}": it must be between 0 and 1`);
  }
  return [
    "*filter",
    `:${LOSS_CHAIN} - [0:0]`,
    ...(addJump ? [`-I INPUT -j ${LOSS_CHAIN}`] : []),
    ...keptTraffic(LOSS_CHAIN, opts),
    ...sources.map((address) => `-A ${LOSS_CHAIN} -s ${address}/32 -m statistic --mode random --probability ${probability.toFixed(5)} -j DROP`),
    "COMMIT",
    "",
  ].join("\n");
}

/** The restore input that removes the loss jump and chain. */
export function lossHealScript(): string {
  return ["*filter", `-D INPUT -j ${LOSS_CHAIN}`, `-F ${LOSS_CHAIN}`, `-X ${LOSS_CHAIN}`, "COMMIT", ""].join("\n");
}

/** One redirected port of a node: connections to `host:port` go to `proxyPort`. */
export interface Redirect {
  readonly host: string;
  readonly port: number;
  readonly proxyPort: number;
}

/**
 * The restore input that (re)declares the nat delay chain with one REDIRECT
 * per port, plus the PREROUTING jump when `addJump`. PREROUTING sees only
 * traffic arriving from other nodes, so the proxy's own connection to the
 * service (made inside the node) is never redirected back to it.
 *
 * Only a connection's first packet (`--syn`) is redirected, so connections
 * open before the delay keep their path. Without it they were reset: a
 * namespace's conntrack starts tracking when its nat table is first used,
 * so it picks up an older connection mid-stream as new, the rule redirected
 * that packet to the proxy's port, and the kernel answered it with a reset
 * (ECONNRESET on etcd's and PostgreSQL's clients at each delay start).
 */
export function delayScript(redirects: readonly Redirect[], addJump: boolean): string {
  return [
    "*nat",
    `:${DELAY_CHAIN} - [0:0]`,
    ...(addJump ? [`-I PREROUTING -j ${DELAY_CHAIN}`] : []),
    ...redirects.map((r) => `-A ${DELAY_CHAIN} -p tcp --syn -d ${r.host}/32 --dport ${r.port} -j REDIRECT --to-ports ${r.proxyPort}`),
    "COMMIT",
    "",
  ].join("\n");
}

/**
 * The restore input that heals a delay: it removes the PREROUTING jump, so
 * no new connection reaches the chain, and leaves the chain and its
 * REDIRECT rules in place, unreachable, until the node stops (the next
 * `delayScript` re-declares it). Deleting the namespace's last REDIRECT
 * rule made this kernel (nf_tables) drop the NAT of the connections it had
 * redirected: their next packets reached the service's port untranslated
 * and were answered with a reset, so a connection made through the proxy
 * died at the heal although the proxy still carried it (measured with
 * iptables-nft 1.8.9: deleting the jump alone, or replacing the rule,
 * kept them).
 */
export function delayHealScript(): string {
  return ["*nat", `-D PREROUTING -j ${DELAY_CHAIN}`, "COMMIT", ""].join("\n");
}

/** The port the delay proxy of `port` listens on: 40000 + port mod 20000. */
export function proxyPortFor(port: number): number {
  return 40_000 + (port % 20_000);
}

/**
 * The bash that tries one TCP connection and exits 0 (connected), 1
 * (refused or unreachable) or 124 (no answer within `timeoutS`). The host
 * is quoted (shellWord), whatever it holds.
 */
export function probeScript(host: string, port: number, timeoutS: number): string {
  return `timeout ${Number(timeoutS)} bash -c ${shellWord(`exec 3<>${tcpPath(host, port)}`)} 2>/dev/null`;
}
