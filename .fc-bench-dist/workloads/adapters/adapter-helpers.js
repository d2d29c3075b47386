/**
 * Small pieces the built-in adapters share: a sleep that an abort cuts
 * short, a deadline on one attempt, and the errors the agent classifies.
 */
import { createRng } from "../../harness/core/index.js";
import { LockError } from "./lock-error.js";
import { stableHash } from "./stable-hash.js";
/** Sleeps `ms`, or less when `signal` aborts; never rejects. */
export function sleepUnlessAborted(ms, signal) {
    return new Promise((resolve) => {
        if (signal.aborted)
            return resolve();
        const timer = setTimeout(done, ms);
        function done() {
            clearTimeout(timer);
            signal.removeEventListener("abort", done);
            resolve();
        }
        signal.addEventListener("abort", done, { once: true });
    });
}
/**
 * Resolves or rejects as `work` does, unless `ms` pass first: then rejects
 * with an indeterminate `timeout` LockError naming `what` (the call may
 * still take effect).
 */
export function withDeadline(work, ms, what) {
    let timer;
    const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new LockError("timeout", `Cannot ${what}: no answer after ${ms} ms`, false)), ms);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
/** The definite error of an acquire that gave up waiting for a busy lock. */
export function lockBusy(resource, service) {
    return new LockError("lock-busy", `Cannot acquire "${resource}": ${service} kept it busy until the acquire timed out`, true);
}
/** An indeterminate error for anything a client library threw. */
export function unavailable(what, error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return new LockError("unavailable", `Cannot ${what}: ${why}`, false, { cause: error });
}
/** The retry jitter source of one client: seeded by its id, so runs replay. */
export function clientRng(clientId) {
    return createRng(stableHash(clientId));
}
/** A retry pause of 20 to 50 ms drawn from `rng`. */
export function retryDelayMs(rng) {
    return 20 + rng.int(0, 30);
}
//# sourceMappingURL=adapter-helpers.js.map