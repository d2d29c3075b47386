/** Creates a kill nemesis with its own record of killed nodes. */
export function killNemesis() {
    const killed = new Set();
    return {
        fs: new Set(["kill", "restart"]),
        setup: async () => undefined,
        async invoke(op, cluster) {
            const value = op.value;
            const nodes = value.nodes;
            if (op.f === "kill") {
                for (const node of nodes)
                    killed.add(node);
                await Promise.all(nodes.map((node) => cluster.kill(node)));
                return value;
            }
            await Promise.all(nodes.map((node) => cluster.restart(node)));
            for (const node of nodes)
                killed.delete(node);
            return value;
        },
        async teardown(cluster) {
            const nodes = [...killed];
            await Promise.all(nodes.map((node) => cluster.restart(node)));
            for (const node of nodes)
                killed.delete(node);
        },
    };
}
//# sourceMappingURL=kill-nemesis.js.map