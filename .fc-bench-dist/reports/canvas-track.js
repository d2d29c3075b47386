/**
 * Timelines drawn on a canvas by the report's inline script: lanes of bars
 * (intervals) and marks (instants), stored column-wise so that 100,000 ops
 * stay a few megabytes of JSON. Times are microseconds since the run
 * started; `style` indexes `TRACK_STYLES`.
 */
/** The styles every track draws with; a bar or mark's `style` is an index here. */
export const TRACK_STYLES = [
    { name: "ok", color: "#2e7d32" },
    { name: "fail", color: "#c62828" },
    { name: "info (unknown outcome)", color: "#ef6c00" },
    { name: "never completed", color: "#9e9e9e" },
    { name: "believed held, lease valid", color: "#64b5f6" },
    { name: "believed held after the lease expired", color: "#f48fb1" },
    { name: "acquiring", color: "#bdbdbd" },
    { name: "write accepted", color: "#2e7d32" },
    { name: "write rejected by fencing", color: "#c62828" },
    { name: "stale write accepted", color: "#6a1b9a" },
    { name: "write outcome unknown", color: "#ef6c00" },
];
/** Style indexes by meaning. */
export const STYLE = {
    ok: 0, fail: 1, info: 2, open: 3, belief: 4, beliefExpired: 5, acquiring: 6,
    writeAccepted: 7, writeRejected: 8, staleAccepted: 9, writeUnknown: 10,
};
/** Nanoseconds to whole microseconds. */
export function micros(ns) {
    return Math.round(ns / 1e3);
}
/** A fresh builder; entries are kept sorted by start in `build()`. */
export function columnsBuilder(withEnd) {
    const rows = [];
    return {
        add(lane, startNs, endNs, style, label) {
            const start = micros(startNs);
            rows.push([lane, start, Math.max(micros(endNs ?? startNs), start), style, label]);
        },
        build() {
            rows.sort((a, b) => a[1] - b[1]);
            const cols = {
                lane: rows.map((r) => r[0]), start: rows.map((r) => r[1]), style: rows.map((r) => r[3]), label: rows.map((r) => r[4]),
            };
            return withEnd ? { ...cols, end: rows.map((r) => r[2]) } : cols;
        },
    };
}
//# sourceMappingURL=canvas-track.js.map