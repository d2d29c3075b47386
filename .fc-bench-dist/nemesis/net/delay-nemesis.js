/** Creates a delay nemesis; teardown heals only when a delay may be in place. */
export function delayNemesis() {
    let delayed = false;
    return {
        fs: new Set(["start-delay", "stop-delay"]),
        setup: async () => undefined,
        async invoke(op, cluster) {
            const value = op.value;
            if (op.f === "stop-delay") {
                delayed = false;
                await cluster.healTraffic("delay");
                return value;
            }
            delayed = true;
            const spec = { delayMs: value.delayMs, jitterMs: value.jitterMs, seed: value.seed, ...(value.port !== undefined ? { port: value.port } : {}) };
            await Promise.all(value.nodes.map((node) => cluster.delayTraffic(node, spec)));
            return value;
        },
        async teardown(cluster) {
            if (!delayed)
                return;
            delayed = false;
            await cluster.healTraffic("delay");
        },
    };
}
//# sourceMappingURL=delay-nemesis.js.map