function nodesOf(op) {
    const nodes = op.value?.nodes;
    return Array.isArray(nodes) ? nodes.filter((n) => typeof n === "string").sort() : [];
}
/**
 * The fault periods of a nemesis history under each shading. A stop op with
 * nodes closes the open period with the same nodes; a stop op without nodes
 * closes every open period of its shading. Unhealed periods end at `end`
 * (default: the last op's time). Pure.
 */
export function faultPeriods(history, shading, end) {
    const last = end ?? history.reduce((t, op) => Math.max(t, op.time), 0);
    const out = [];
    for (const spec of shading) {
        const open = new Map();
        const emit = (o, stop, healed) => {
            const label = o.nodes.length > 0 ? `${spec.label} ${o.nodes.join(",")}` : spec.label;
            out.push({ start: o.start, end: stop, label, color: spec.color, nodes: o.nodes, healed });
        };
        for (const op of history) {
            if (op.process !== "nemesis")
                continue;
            const nodes = nodesOf(op);
            const key = nodes.join(",");
            if (op.type === "invoke" && op.f === spec.start && !open.has(key))
                open.set(key, { start: op.time, nodes });
            if (op.type === "invoke" || op.f !== spec.stop)
                continue;
            for (const [k, o] of [...open]) {
                if (key !== "" && k !== key)
                    continue;
                emit(o, op.time, true);
                open.delete(k);
            }
        }
        for (const o of open.values())
            emit(o, last, false);
    }
    return out.sort((a, b) => a.start - b.start);
}
//# sourceMappingURL=fault-periods.js.map