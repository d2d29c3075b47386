const REAL = { offsetMs: 0, rate: 1 };
/** Creates a clock nemesis with its own record of skewed nodes. */
export function clockNemesis() {
    const skewed = new Set();
    async function apply(cluster, value, signal) {
        const nodes = Object.keys(value.skews);
        // Started before any await, so an aimed skew lands before the holder's next op is sent.
        const sets = nodes.map((node) => {
            skewed.add(node);
            const skew = value.skews[node];
            return skew.offsetMs === undefined ? keepOffset(cluster, node, skew.rate) : cluster.setClock(node, { offsetMs: skew.offsetMs, rate: skew.rate });
        });
        await Promise.all(sets);
        if (value.strobe)
            await strobe(cluster, nodes, value.strobe, signal);
        return { ...value, clocks: await readAll(cluster, nodes) };
    }
    async function reset(cluster, value) {
        const nodes = (value.nodes ?? [...skewed]);
        await Promise.all(nodes.map((node) => cluster.setClock(node, REAL)));
        for (const node of nodes)
            skewed.delete(node);
        return { ...value, nodes, clocks: await readAll(cluster, nodes) };
    }
    return {
        fs: new Set(["clock", "reset-clock"]),
        setup: async () => { },
        invoke(op, cluster, signal) {
            if (op.f === "clock")
                return apply(cluster, op.value, signal);
            return reset(cluster, (op.value ?? {}));
        },
        async teardown(cluster) {
            if (skewed.size > 0)
                await reset(cluster, {});
        },
    };
}
async function keepOffset(cluster, node, rate) {
    const { offsetMs } = await cluster.readClock(node);
    await cluster.setClock(node, { offsetMs, rate });
}
async function strobe(cluster, nodes, s, signal) {
    const flips = Math.max(1, Math.floor(s.durationMs / Math.max(1, s.periodMs)));
    for (let i = 0; i < flips && !signal.aborted; i++) {
        const offsetMs = i % 2 === 0 ? s.deltaMs : -s.deltaMs;
        await Promise.all(nodes.map((node) => cluster.setClock(node, { offsetMs, rate: 1 })));
        await sleep(s.periodMs, signal);
    }
}
async function readAll(cluster, nodes) {
    const readings = await Promise.all(nodes.map((node) => cluster.readClock(node)));
    return Object.fromEntries(readings.map((r) => [r.node, r.offsetMs]));
}
function sleep(ms, signal) {
    return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
            clearTimeout(timer);
            signal.removeEventListener("abort", done);
            resolve();
        }
        signal.addEventListener("abort", done, { once: true });
    });
}
//# sourceMappingURL=clock-nemesis.js.map