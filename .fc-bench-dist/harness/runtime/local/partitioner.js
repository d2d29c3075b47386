import { grudgeSources, healScript, partitionScript } from "./partition-rules.js";
import { runChecked } from "./run-command.js";
/** Creates a partitioner for a planned network; it remembers which nodes hold our chain. */
export function createPartitioner(plan, clock) {
    const namespaces = new Map(plan.nodes.map((n) => [n.id, n.namespace]));
    const hosts = new Map(plan.nodes.map((n) => [n.id, n.host]));
    const chained = new Set();
    function restore(node, input) {
        const argv = ["ip", "netns", "exec", namespaces.get(node) ?? "", "iptables-restore", "-w", "--noflush"];
        return runChecked(argv, { clock, input, context: `Cannot change the partition rules of node "${node}"` });
    }
    return {
        async partition(grudge) {
            const sources = grudgeSources(grudge, hosts);
            const targets = new Set([...chained, ...sources.keys()]);
            await Promise.all([...targets].map(async (node) => {
                await restore(node, partitionScript(sources.get(node) ?? [], !chained.has(node)));
                chained.add(node);
            }));
        },
        async heal() {
            await Promise.all([...chained].map(async (node) => {
                await restore(node, healScript());
                chained.delete(node);
            }));
        },
    };
}
//# sourceMappingURL=partitioner.js.map