/**
 * The common schedule of one fault package: wait an interval, start a
 * fault, keep it for a duration, stop it, wait again. What each fault is
 * (which nodes, which shape) comes from `plan`, drawn from an rng seeded by
 * the run's seed and the step number, so a schedule is reproducible from
 * its seed. An aimed fault (`trigger`) starts on a client event instead of
 * a timer: the first matching event at least an interval after the last
 * stop.
 *
 * Every op value carries `package`, and the generator reacts only to
 * nemesis ops of its own package, so packages compose (`--nemesis
 * partition,kill`) without reading each other's events.
 */
import { createRng } from "../../harness/core/index.js";
/** The cycle generator, first fault after one interval. */
export function faultCycle(opts) {
    return make(opts, { kind: "idle", at: opts.intervalMs * 1e6, step: 0 });
}
function make(opts, state) {
    return {
        op: (ctx) => nextOp(opts, state, ctx),
        update: (_ctx, event) => make(opts, transition(opts, state, event)),
    };
}
function nextOp(opts, state, ctx) {
    if (!ctx.freeProcesses.has("nemesis"))
        return "pending";
    if (state.kind === "active") {
        const value = { ...(opts.stopValue?.(state.started) ?? {}), package: opts.package };
        return [{ process: "nemesis", f: opts.stop, value, time: state.at }, make(opts, state)];
    }
    if (state.kind !== "idle")
        return "pending";
    if (opts.trigger && !state.trigger)
        return "pending";
    const rng = createRng(opts.seed + (state.step + 1) * 7919);
    const value = { ...opts.plan(state.step, rng, state.trigger), package: opts.package };
    const time = opts.trigger ? {} : { time: state.at };
    return [{ process: "nemesis", f: opts.start, value, ...time }, make(opts, state)];
}
function transition(opts, state, event) {
    if (!ownOp(opts, event)) {
        const aims = state.kind === "idle" && !state.trigger && opts.trigger?.(event) === true && event.time >= state.at;
        return aims ? { ...state, trigger: event } : state;
    }
    const { step } = state;
    if (event.type === "invoke")
        return event.f === opts.start ? { kind: "starting", step } : { kind: "stopping", step };
    if (event.f === opts.start) {
        const started = (event.value ?? {});
        return { kind: "active", at: event.time + opts.durationMs * 1e6, step, started };
    }
    return { kind: "idle", at: event.time + opts.intervalMs * 1e6, step: step + 1 };
}
function ownOp(opts, event) {
    if (event.process !== "nemesis" || (event.f !== opts.start && event.f !== opts.stop))
        return false;
    return event.value?.package === opts.package;
}
//# sourceMappingURL=fault-cycle.js.map