/**
 * Packet loss and delay inside node namespaces: loss with iptables
 * `-m statistic`, delay with a userspace proxy reached through a nat
 * REDIRECT. It remembers every chain and proxy it made, so `heal` removes
 * exactly those, and checks that each fault is in place before returning.
 * A delay's heal removes the redirect (new connections go straight to the
 * service) and drains each proxy (`DRAIN_SIGNAL`): the connections made
 * during the delay go on, undelayed, until they close, instead of being
 * reset; `killProxies` (the cluster's stop) ends whatever still drains.
 */
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HarnessError } from "../../../core/index.js";
import type { Clock, NodeId, TrafficDelay, TrafficKind } from "../../../core/index.js";
import type { NetworkPlan } from "./namespaces.js";
import { spawnNodeProcess, type LocalProcess } from "./node-process.js";
import { DRAIN_SIGNAL, proxyProgram } from "../common/delay-proxy-program.js";
import { controlStateRoot, ownedPath } from "../common/owned-folder.js";
import { runChecked } from "../common/run-command.js";
import { DELAY_CHAIN, LOSS_CHAIN, delayHealScript, delayScript, lossHealScript, lossScript, proxyPortFor, type Redirect } from "../common/traffic-rules.js";
import { waitForPort } from "./wait-for-port.js";

/** The traffic half of a local cluster. */
export interface TrafficShaper {
  dropPackets(node: NodeId, from: readonly NodeId[], probability: number): Promise<void>;
  /** Delays one port (the cluster resolves a missing port first). */
  delayTraffic(node: NodeId, delay: TrafficDelay & { readonly port: number }): Promise<void>;
  heal(kind: TrafficKind): Promise<void>;
  /** Kills every proxy and removes their logs (for `stop`, where the namespaces and their rules go away anyway). */
  killProxies(): Promise<void>;
}

const PROXY_READY_MS = 5_000;
/** How long a heal waits for a drained proxy that carries no connection to exit (one that does is left to drain). */
const PROXY_IDLE_EXIT_MS = 1_000;

/** Creates a shaper for a planned network. */
export function createTrafficShaper(plan: NetworkPlan, opts: { readonly clock: Clock; readonly runId: string }): TrafficShaper {
  const { clock } = opts;
  const planned = new Map(plan.nodes.map((n) => [n.id as NodeId, n]));
  const lossy = new Set<NodeId>();
  const redirects = new Map<NodeId, Redirect[]>();
  const proxies = new Map<string, LocalProcess>();
  const draining = new Set<LocalProcess>();
  // The delay proxies' logs, in the run's checked state folder (made with the first proxy).
  const logDir = join(controlStateRoot(), "local", opts.runId);

  function target(node: NodeId): { namespace: string; host: string } {
    const found = planned.get(node);
    if (!found) throw new HarnessError("config.invalid", `Cannot shape traffic of node "${node}": the cluster has no such node`);
    return found;
  }
  function iptables(node: NodeId, args: readonly string[], input?: string): Promise<{ stdout: string }> {
    const argv = ["ip", "netns", "exec", target(node).namespace, ...args];
    return runChecked(argv, { clock, ...(input !== undefined ? { input } : {}), context: `Cannot change the traffic rules of node "${node}"` });
  }
  async function verify(node: NodeId, table: string, chain: string, expected: number): Promise<void> {
    const { stdout } = await iptables(node, ["iptables", "-w", "-t", table, "-S", chain]);
    const rules = stdout.split("\n").filter((line) => line.startsWith(`-A ${chain} `)).length;
    if (rules !== expected) {
      throw new HarnessError("nemesis.fault-not-applied", `Cannot shape traffic of node "${node}": chain ${chain} holds ${rules} rules, expected ${expected}`);
    }
  }
  async function killProxy(key: string): Promise<void> {
    const proc = proxies.get(key);
    proxies.delete(key);
    if (!proc) return;
    proc.signalGroup("SIGKILL");
    await proc.exited;
  }
  /** Heals one proxy: it stops listening and delaying, and exits once its connections close (killed at stop otherwise). */
  async function drainProxy(key: string): Promise<void> {
    const proc = proxies.get(key);
    proxies.delete(key);
    if (!proc) return;
    draining.add(proc);
    void proc.exited.then(() => draining.delete(proc));
    proc.signal(DRAIN_SIGNAL);
    await Promise.race([proc.exited, clock.sleep(PROXY_IDLE_EXIT_MS)]);
  }
  async function startProxy(node: NodeId, delay: TrafficDelay & { readonly port: number }, proxyPort: number): Promise<void> {
    const { namespace, host } = target(node);
    const key = `${node}:${delay.port}`;
    await killProxy(key);
    const argv = [process.execPath, proxyProgram(), "--listen", `${host}:${proxyPort}`, "--target", `${host}:${delay.port}`,
      "--delay-ms", String(delay.delayMs), "--jitter-ms", String(delay.jitterMs), "--seed", String(delay.seed)];
    const logFile = join(ownedPath(controlStateRoot(), ["local", opts.runId]), `delay-proxy-${node}-${delay.port}.log`);
    const proc = await spawnNodeProcess({ node, namespace, clock }, { argv, logFile, kind: "agent" });
    proxies.set(key, proc);
    await waitForPort(node, proc, { namespace, host, port: proxyPort, timeoutMs: PROXY_READY_MS, clock });
  }

  return {
    async dropPackets(node, from, probability) {
      const sources = from.map((n) => target(n).host);
      await iptables(node, ["iptables-restore", "-w", "--noflush"], lossScript(sources, probability, !lossy.has(node)));
      lossy.add(node);
      await verify(node, "filter", LOSS_CHAIN, sources.length);
    },
    async delayTraffic(node, delay) {
      const proxyPort = proxyPortFor(delay.port);
      await startProxy(node, delay, proxyPort);
      const others = (redirects.get(node) ?? []).filter((r) => r.port !== delay.port);
      const next = [...others, { host: target(node).host, port: delay.port, proxyPort }];
      await iptables(node, ["iptables-restore", "-w", "--noflush"], delayScript(next, !redirects.has(node)));
      redirects.set(node, next);
      await verify(node, "nat", DELAY_CHAIN, next.length);
    },
    async heal(kind) {
      if (kind === "loss") {
        await Promise.all([...lossy].map(async (node) => {
          await iptables(node, ["iptables-restore", "-w", "--noflush"], lossHealScript());
          lossy.delete(node);
        }));
        return;
      }
      await Promise.all([...redirects.keys()].map(async (node) => {
        await iptables(node, ["iptables-restore", "-w", "--noflush"], delayHealScript());
        redirects.delete(node);
      }));
      await Promise.all([...proxies.keys()].map(drainProxy));
    },
    async killProxies() {
      await Promise.all([...proxies.keys()].map(killProxy));
      await Promise.all([...draining].map(async (proc) => {
        proc.signalGroup("SIGKILL");
        await proc.exited;
      }));
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}
