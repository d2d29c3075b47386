/**
 * Delay for a cluster whose nodes run the package's programs (docker's
 * containers with dist/ mounted, the ssh runtime's hosts with it deployed):
 * the delaying proxy runs as a program inside the node, and a nat REDIRECT
 * added by the runtime (`restore`) sends other nodes' connections to it.
 * The heal removes the redirect and drains each proxy (`DRAIN_SIGNAL`): the
 * connections made during the delay go on, undelayed, until they close;
 * a proxy still draining at the cluster's stop ends with the node's other
 * processes.
 */
import { join } from "node:path";
import type { NodeId, NodeProcess, ProcessSpec, TrafficDelay } from "../../../core/index.js";
import { delayHealScript, delayScript, proxyPortFor, type Redirect } from "./traffic-rules.js";
import { DRAIN_SIGNAL, proxyProgram } from "./delay-proxy-program.js";

/** What the delay needs from its cluster. */
export interface TrafficDelayParts {
  readonly hostOf: (node: NodeId) => string;
  /** The ready ports of the node's live services (the default ports to delay). */
  readonly servicePorts: (node: NodeId) => number[];
  readonly startProcess: (node: NodeId, spec: ProcessSpec) => Promise<NodeProcess>;
  /** Runs iptables-restore input in the node's namespace. */
  readonly restore: (node: NodeId, input: string) => Promise<void>;
  /** Host directory for the proxies' logs. */
  readonly logDir: string;
  /** Resolves after `ms` (how long a heal waits for an idle drained proxy to exit). */
  readonly sleep: (ms: number) => Promise<void>;
}

/** How long a heal waits for a drained proxy that carries no connection to exit (one that does is left to drain). */
const PROXY_IDLE_EXIT_MS = 1_000;

/** The delay half of a docker cluster. */
export interface TrafficDelayer {
  delay(node: NodeId, delay: TrafficDelay): Promise<void>;
  heal(): Promise<void>;
}

/** Creates the delayer; it remembers every redirect and proxy it made. */
export function createTrafficDelayer(parts: TrafficDelayParts): TrafficDelayer {
  const redirects = new Map<NodeId, Redirect[]>();
  const proxies = new Map<string, NodeProcess>();
  async function killProxy(key: string): Promise<void> {
    const proc = proxies.get(key);
    proxies.delete(key);
    if (!proc) return;
    proc.signal("SIGKILL");
    await proc.exited;
  }
  async function drainProxy(key: string): Promise<void> {
    const proc = proxies.get(key);
    proxies.delete(key);
    if (!proc) return;
    proc.signal(DRAIN_SIGNAL);
    await Promise.race([proc.exited, parts.sleep(PROXY_IDLE_EXIT_MS)]);
  }
  return {
    async delay(node, delay) {
      const host = parts.hostOf(node);
      const ports = delay.port !== undefined ? [delay.port] : parts.servicePorts(node);
      for (const port of ports) {
        const proxyPort = proxyPortFor(port);
        const key = `${node}:${port}`;
        await killProxy(key);
        const argv = ["/usr/bin/node", proxyProgram(), "--listen", `${host}:${proxyPort}`, "--target", `${host}:${port}`,
          "--delay-ms", String(delay.delayMs), "--jitter-ms", String(delay.jitterMs), "--seed", String(delay.seed)];
        const logFile = join(parts.logDir, `delay-proxy-${node}-${port}.log`);
        proxies.set(key, await parts.startProcess(node, { argv, logFile, readyPort: proxyPort, kind: "agent" }));
      }
      const others = (redirects.get(node) ?? []).filter((r) => !ports.includes(r.port));
      const next = [...others, ...ports.map((port) => ({ host, port, proxyPort: proxyPortFor(port) }))];
      await parts.restore(node, delayScript(next, !redirects.has(node)));
      redirects.set(node, next);
    },
    async heal() {
      await Promise.all([...redirects.keys()].map(async (node) => {
        await parts.restore(node, delayHealScript());
        redirects.delete(node);
      }));
      await Promise.all([...proxies.keys()].map(drainProxy));
    },
  };
}
