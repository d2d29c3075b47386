/**
 * Packet loss and delay inside node namespaces: loss with iptables
 * `-m statistic`, delay with a userspace proxy reached through a nat
 * REDIRECT. It remembers every chain and proxy it made, so `heal` removes
 * exactly those, and checks that each fault is in place before returning.
 */
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HarnessError } from "../../core/index.js";
import { spawnNodeProcess } from "./node-process.js";
import { runChecked } from "./run-command.js";
import { DELAY_CHAIN, LOSS_CHAIN, delayHealScript, delayScript, lossHealScript, lossScript, proxyPortFor } from "./traffic-rules.js";
import { waitForPort } from "./wait-for-port.js";
const PROXY_READY_MS = 5_000;
/** Creates a shaper for a planned network. */
export function createTrafficShaper(plan, opts) {
    const { clock } = opts;
    const planned = new Map(plan.nodes.map((n) => [n.id, n]));
    const lossy = new Set();
    const redirects = new Map();
    const proxies = new Map();
    const logDir = join(tmpdir(), `fencecheck-${opts.runId}`);
    function target(node) {
        const found = planned.get(node);
        if (!found)
            throw new HarnessError("config.invalid", `Cannot shape traffic of node "${node}": the cluster has no such node`);
        return found;
    }
    function iptables(node, args, input) {
        const argv = ["ip", "netns", "exec", target(node).namespace, ...args];
        return runChecked(argv, { clock, ...(input !== undefined ? { input } : {}), context: `Cannot change the traffic rules of node "${node}"` });
    }
    async function verify(node, table, chain, expected) {
        const { stdout } = await iptables(node, ["iptables", "-w", "-t", table, "-S", chain]);
        const rules = stdout.split("\n").filter((line) => line.startsWith(`-A ${chain} `)).length;
        if (rules !== expected) {
            throw new HarnessError("nemesis.fault-not-applied", `Cannot shape traffic of node "${node}": chain ${chain} holds ${rules} rules, expected ${expected}`);
        }
    }
    async function killProxy(key) {
        const proc = proxies.get(key);
        proxies.delete(key);
        if (!proc)
            return;
        proc.signalGroup("SIGKILL");
        await proc.exited;
    }
    async function startProxy(node, delay, proxyPort) {
        const { namespace, host } = target(node);
        const key = `${node}:${delay.port}`;
        await killProxy(key);
        const argv = [process.execPath, proxyProgram(), "--listen", `${host}:${proxyPort}`, "--target", `${host}:${delay.port}`,
            "--delay-ms", String(delay.delayMs), "--jitter-ms", String(delay.jitterMs), "--seed", String(delay.seed)];
        const logFile = join(logDir, `delay-proxy-${node}-${delay.port}.log`);
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
            await Promise.all([...proxies.keys()].map(killProxy));
        },
        async killProxies() {
            await Promise.all([...proxies.keys()].map(killProxy));
            rmSync(logDir, { recursive: true, force: true });
        },
    };
}
/** The compiled delay proxy under `<package root>/dist`; throws "prerequisite.missing" when it was not built. */
export function proxyProgram() {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir)
        dir = dirname(dir);
    const path = join(dir, "dist/harness/runtime/local/delay-proxy.js");
    if (!existsSync(path)) {
        throw new HarnessError("prerequisite.missing", `Cannot find the delay proxy: "${path}" does not exist (run npm run build)`);
    }
    return path;
}
//# sourceMappingURL=traffic-shaper.js.map