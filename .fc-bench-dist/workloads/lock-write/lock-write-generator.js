/**
 * The lock-write client generator: every worker thread loops
 *   acquire(resource) -> read -> write(value) -> release
 * over the run's resources. The token is not in the ops the generator emits:
 * the client writes under whatever lease it holds, exactly as a real service
 * would. A failed acquire starts the next cycle; a failed read or write still
 * releases; an `info` retires the process (its agent is replaced with no
 * lease), so the thread starts over.
 */
import { createRng, threadOf, } from "../../harness/core/index.js";
/** Creates the lock-write generator. */
export function lockWriteGenerator(opts) {
    const threads = Array.from({ length: opts.concurrency }, (_, t) => fresh(opts, t, 0));
    return make(opts, threads);
}
function make(opts, threads) {
    return {
        op: (ctx) => nextOp(opts, threads, ctx),
        update(_ctx, event) {
            if (typeof event.process !== "number")
                return this;
            const t = threadOf(event.process, opts.concurrency);
            const state = threads[t];
            if (!state)
                return this;
            const next = event.type === "invoke" ? { ...state, busy: true } : advance(opts, t, state, event);
            return make(opts, threads.map((s, i) => (i === t ? next : s)));
        },
    };
}
function nextOp(opts, threads, ctx) {
    const free = [...ctx.freeProcesses].filter((p) => typeof p === "number").sort((a, b) => a - b);
    for (const process of free) {
        const state = threads[threadOf(process, opts.concurrency)];
        if (!state || state.busy)
            continue;
        const value = state.step === "write"
            ? { resource: state.resource, value: `p${process}-${state.cycle}` }
            : { resource: state.resource };
        return [{ process, f: state.step, value }, make(opts, threads)];
    }
    return "pending";
}
/** The thread's state after a completion. */
function advance(opts, thread, state, done) {
    const restart = fresh(opts, thread, state.cycle + 1);
    if (done.type === "info")
        return restart;
    switch (state.step) {
        case "acquire":
            return done.type === "ok" ? { ...state, step: "read", busy: false } : restart;
        case "read":
            return { ...state, step: "write", busy: false };
        case "write":
            return { ...state, step: "release", busy: false };
        case "release":
            return restart;
    }
}
function fresh(opts, thread, cycle) {
    if (opts.singleWriter) {
        return { step: "acquire", cycle, resource: opts.resources[thread % opts.resources.length], busy: false };
    }
    const rng = createRng(opts.seed ^ Math.imul(thread + 1, 0x9e3779b1) ^ Math.imul(cycle + 1, 0x85ebca6b));
    return { step: "acquire", cycle, resource: rng.pick(opts.resources), busy: false };
}
//# sourceMappingURL=lock-write-generator.js.map