/** The pause-holder generator (ops for the pause nemesis). */
export function pauseHolderGenerator(opts) {
    return aimedPauseGenerator({ ...opts, trigger: { f: "acquire", type: "ok" }, delayMs: 0, reason: "holder" });
}
/** A pause aimed at the client whose op matches `trigger`. */
export function aimedPauseGenerator(opts) {
    return make(opts, { kind: "waiting", eligibleAt: opts.intervalMs * 1e6 });
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
    if (state.kind === "target") {
        return [{ process: "nemesis", f: "pause", value: state.value, time: state.at }, make(opts, state)];
    }
    if (state.kind === "paused") {
        const value = { nodes: state.value.nodes, reason: opts.reason };
        return [{ process: "nemesis", f: "resume", value, time: state.resumeAt }, make(opts, state)];
    }
    return "pending";
}
function transition(opts, state, event) {
    const nemesis = event.process === "nemesis" && event.value?.reason === opts.reason;
    switch (state.kind) {
        case "waiting":
            if (!isTrigger(opts, event, state.eligibleAt))
                return state;
            return { kind: "target", value: targetValue(event, opts), at: event.time + opts.delayMs * 1e6 };
        case "target":
            return nemesis && event.type === "invoke" && event.f === "pause" ? { kind: "pausing" } : state;
        case "pausing":
            if (!(nemesis && event.type !== "invoke" && event.f === "pause"))
                return state;
            return { kind: "paused", value: event.value, resumeAt: event.time + opts.durationMs * 1e6 };
        case "paused":
            return nemesis && event.type === "invoke" && event.f === "resume" ? { kind: "resuming" } : state;
        case "resuming":
            if (!(nemesis && event.type !== "invoke" && event.f === "resume"))
                return state;
            return { kind: "waiting", eligibleAt: event.time + opts.intervalMs * 1e6 };
    }
}
function isTrigger(opts, event, eligibleAt) {
    const { f, type } = opts.trigger;
    return event.type === type && event.f === f && typeof event.process === "number" && event.node !== undefined && event.time >= eligibleAt;
}
function targetValue(event, opts) {
    const v = event.value;
    return {
        nodes: [event.node],
        durationMs: opts.durationMs,
        reason: opts.reason,
        process: event.process,
        ...(v.resource !== undefined ? { resource: v.resource } : {}),
        ...(v.token !== undefined ? { token: v.token } : {}),
    };
}
//# sourceMappingURL=pause-holder.js.map