/**
 * Random pauses: every `intervalMs`, stop one node chosen by the run's seed
 * (lock, storage or client) for `durationMs`, then resume it.
 */
import { createRng } from "../../harness/core/index.js";
/** The random pause generator (ops for the pause nemesis). */
export function randomPauseGenerator(opts) {
    return make(opts, { kind: "idle", at: opts.intervalMs * 1e6, step: 0 });
}
function make(opts, state) {
    return {
        op: (ctx) => nextOp(opts, state, ctx),
        update: (_ctx, event) => make(opts, transition(opts, state, event)),
    };
}
function nextOp(opts, state, ctx) {
    if (state.kind === "busy" || !ctx.freeProcesses.has("nemesis") || opts.nodes.length === 0)
        return "pending";
    if (state.kind === "paused") {
        return [{ process: "nemesis", f: "resume", value: { nodes: state.nodes, reason: "random" }, time: state.at }, make(opts, state)];
    }
    const node = createRng(opts.seed + state.step * 7919).pick(opts.nodes);
    const value = { nodes: [node], durationMs: opts.durationMs, reason: "random" };
    return [{ process: "nemesis", f: "pause", value, time: state.at }, make(opts, state)];
}
function transition(opts, state, event) {
    if (event.process !== "nemesis" || event.value?.reason !== "random")
        return state;
    if (event.type === "invoke")
        return { kind: "busy", step: state.step };
    const nodes = event.value.nodes;
    if (event.f === "pause")
        return { kind: "paused", nodes, at: event.time + opts.durationMs * 1e6, step: state.step };
    return { kind: "idle", at: event.time + opts.intervalMs * 1e6, step: state.step + 1 };
}
//# sourceMappingURL=random-pause.js.map