const COLORS = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457"];
function offsetOf(v) {
    if (typeof v === "number" && Number.isFinite(v))
        return v;
    const o = (v ?? {});
    if (typeof o.offsetMs === "number")
        return o.offsetMs;
    return typeof o.offset === "number" ? o.offset : undefined;
}
function readingsOf(op) {
    const clocks = op.value?.clocks;
    const at = op.time / 1e9;
    if (Array.isArray(clocks)) {
        return clocks.flatMap((c) => {
            const node = c?.node;
            const offsetMs = offsetOf(c);
            return typeof node === "string" && offsetMs !== undefined ? [{ node, at, offsetMs }] : [];
        });
    }
    if (clocks === null || typeof clocks !== "object")
        return [];
    return Object.entries(clocks).flatMap(([node, v]) => {
        const offsetMs = offsetOf(v);
        return offsetMs === undefined ? [] : [{ node, at, offsetMs }];
    });
}
/** Every clock reading of the nemesis's ops, in history order. Pure. */
export function clockReadings(history) {
    const out = [];
    const seen = new Set();
    for (const op of history) {
        if (op.process !== "nemesis")
            continue;
        const readings = readingsOf(op);
        if (readings.length === 0 && op.f === "reset-clock" && op.type !== "invoke") {
            for (const node of [...seen].sort())
                out.push({ node, at: op.time / 1e9, offsetMs: 0 });
        }
        for (const r of readings)
            seen.add(r.node);
        out.push(...readings);
    }
    return out;
}
/** The clock-offset chart, or undefined when the history holds no clock readings. Pure. */
export function clockChart(history, shading) {
    const readings = clockReadings(history);
    if (readings.length === 0)
        return undefined;
    const end = history.reduce((t, op) => Math.max(t, op.time), 0) / 1e9;
    const nodes = [...new Set(readings.map((r) => r.node))].sort();
    const series = nodes.map((node, i) => {
        const points = readings.filter((r) => r.node === node).map((r) => [r.at, r.offsetMs]);
        const last = points.at(-1);
        return { label: node, color: COLORS[i % COLORS.length] ?? "#555", kind: "step", points: last && last[0] < end ? [...points, [end, last[1]]] : points };
    });
    return {
        id: "clocks", title: "Clock offset of each node", xLabel: "time (s)", yLabel: "offset from the host clock (ms)", yScale: "linear", xMax: end,
        series, shading, note: undefined,
    };
}
//# sourceMappingURL=clock-chart.js.map