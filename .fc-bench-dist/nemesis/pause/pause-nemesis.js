/** Creates a pause nemesis with its own record of paused nodes. */
export function pauseNemesis() {
    const paused = new Map();
    return {
        fs: new Set(["pause", "resume"]),
        setup: async () => { },
        /**
         * For "pause", the first SIGSTOP is sent before this returns its promise
         * (Cluster.pause signals synchronously): the interpreter relies on it to
         * stop a lease holder before the holder's next op is written to it.
         */
        invoke(op, cluster) {
            const value = op.value;
            const nodes = value.nodes;
            if (op.f === "pause") {
                const mode = value.mode ?? "signal";
                const stops = nodes.map((n) => {
                    paused.set(n, mode);
                    return mode === "freeze" ? cluster.freeze(n) : cluster.pause(n);
                });
                return Promise.all(stops).then(() => value);
            }
            const starts = nodes.map((n) => {
                const mode = paused.get(n) ?? value.mode ?? "signal";
                paused.delete(n);
                return mode === "freeze" ? cluster.thaw(n) : cluster.resume(n);
            });
            return Promise.all(starts).then(() => value);
        },
        async teardown(cluster) {
            const nodes = [...paused];
            paused.clear();
            await Promise.all(nodes.map(([n, mode]) => (mode === "freeze" ? cluster.thaw(n) : cluster.resume(n))));
        },
    };
}
//# sourceMappingURL=pause-nemesis.js.map