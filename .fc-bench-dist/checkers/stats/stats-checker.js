/** The stats checker (name "stats"). Pure. */
export function statsChecker() {
    return { name: "stats", check: checkStats };
}
/** Counts one run's ops. */
export function checkStats(input) {
    const byF = {};
    const total = { invoke: 0, ok: 0, fail: 0, info: 0 };
    for (const op of input.history) {
        const counts = (byF[op.f] ??= { invoke: 0, ok: 0, fail: 0, info: 0 });
        counts[op.type]++;
        total[op.type]++;
    }
    return { valid: total.ok > 0 ? true : "unknown", byF, total };
}
//# sourceMappingURL=stats-checker.js.map