/** Where Debian installs the library (the first that exists is used). */
export const FAKETIME_LIBRARY_PATHS = [
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/faketime/libfaketime.so.1",
];
/** The unskewed clock. */
export const REAL_CLOCK = { skew: { offsetMs: 0, rate: 1 }, setAtMs: 0 };
/**
 * The skew-file line for a process: "+2.500000 x0.5". The offset is in
 * seconds with microseconds, signed; the rate always present (x1 for real
 * speed), since libfaketime needs an offset before a rate. Pure.
 */
export function faketimeSpec(skew) {
    if (!Number.isFinite(skew.offsetMs) || !Number.isFinite(skew.rate) || skew.rate <= 0) {
        throw new RangeError(`Cannot express clock skew ${JSON.stringify(skew)}: offset must be finite and rate positive`);
    }
    const seconds = Math.abs(skew.offsetMs) / 1000;
    const sign = skew.offsetMs < 0 ? "-" : "+";
    const rate = Number(skew.rate.toFixed(6)).toString();
    return `${sign}${seconds.toFixed(6)} x${rate}`;
}
/**
 * The node's clock minus real time at real wall time `atMs`: the offset set,
 * plus what the rate has gained or lost since. Pure.
 */
export function nodeOffsetAt(state, atMs) {
    return state.skew.offsetMs + (atMs - state.setAtMs) * (state.skew.rate - 1);
}
/**
 * The skew for the file of a process that loaded libfaketime at real time
 * `startedAtMs`, so that its clock reads the node's clock: with
 * `S + o + (t - S) r = t0 + O + (t - t0) r` for all t, `o = O + (t0 - S)(1 - r)`.
 * An error e in `startedAtMs` shifts that process's clock by e(1 - r). Pure.
 */
export function processSkew(state, startedAtMs) {
    const { offsetMs, rate } = state.skew;
    return { offsetMs: offsetMs + (state.setAtMs - startedAtMs) * (1 - rate), rate };
}
/** The environment that runs a program under libfaketime with the given skew file. Pure. */
export function faketimeEnv(library, file, opts = {}) {
    return {
        LD_PRELOAD: library,
        FAKETIME_TIMESTAMP_FILE: file,
        FAKETIME_NO_CACHE: "1",
        ...(opts.monotonic ? {} : { FAKETIME_DONT_FAKE_MONOTONIC: "1" }),
    };
}
//# sourceMappingURL=faketime.js.map