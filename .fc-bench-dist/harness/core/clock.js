/** A clock that starts at zero and moves only when told to (for tests). */
export function createManualClock(startNs = 0) {
    let now = startNs;
    return {
        nowNs: () => now,
        wallMs: () => 1_700_000_000_000 + Math.floor(now / 1e6),
        advance(ns) {
            now += ns;
        },
        sleep(ms) {
            now += ms * 1e6;
            return Promise.resolve();
        },
    };
}
/** Nanoseconds to milliseconds, for display. */
export function nsToMs(ns) {
    return ns / 1e6;
}
/** Creates the real clock; time zero is now. */
export function createSystemClock() {
    const originNs = process.hrtime.bigint();
    return {
        originNs,
        nowNs: () => Number(process.hrtime.bigint() - originNs),
        wallMs: () => Date.now(),
        sleep: (ms, signal) => new Promise((resolve) => {
            if (signal?.aborted)
                return resolve();
            const timer = setTimeout(done, ms);
            function done() {
                clearTimeout(timer);
                signal?.removeEventListener("abort", done);
                resolve();
            }
            signal?.addEventListener("abort", done, { once: true });
        }),
    };
}
//# sourceMappingURL=clock.js.map