import { grudgeSources, healScript, partitionScript } from "../local/partition-rules.js";
import { runChecked, runCommand } from "../local/run-command.js";
import { lossHealScript, lossScript, probeScript } from "../local/traffic-rules.js";
import { portProbeScript } from "../local/wait-for-port.js";
/** The argv that runs `argv` in the network namespace of host PID `pid`. Pure. */
export function nsenterArgv(pid, argv) {
    return ["nsenter", "-t", String(pid), "-n", ...argv];
}
/** Creates the faults; it remembers which nodes hold our chains. */
export function createNetworkFaults(parts) {
    const { clock } = parts;
    const partitioned = new Set();
    const lossy = new Set();
    async function restore(node, input) {
        const argv = nsenterArgv(await parts.pidOf(node), ["iptables-restore", "-w", "--noflush"]);
        await runChecked(argv, { clock, input, context: `Cannot change the iptables rules of node "${node}"` });
    }
    return {
        async partition(grudge) {
            const sources = grudgeSources(grudge, parts.hosts);
            const targets = new Set([...partitioned, ...sources.keys()]);
            await Promise.all([...targets].map(async (node) => {
                await restore(node, partitionScript(sources.get(node) ?? [], !partitioned.has(node)));
                partitioned.add(node);
            }));
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
            if (result.exitCode === 0)
                return "connected";
            return result.exitCode === 124 || result.signal !== undefined ? "timeout" : "refused";
        },
    };
}
/** The argv that waits, inside the namespace of `pid`, until `host:port` accepts a connection. Pure. */
export function readinessArgv(pid, host, port) {
    return nsenterArgv(pid, ["bash", "-c", portProbeScript(host, port)]);
}
//# sourceMappingURL=network-faults.js.map