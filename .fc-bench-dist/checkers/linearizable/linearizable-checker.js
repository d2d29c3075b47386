import { checkLockHistory, visualizationData } from "../linearizability/index.js";
/** The checker, named "linearizable". Never throws past `compose` (bad input becomes unknown there). */
export function linearizableChecker(options = {}) {
    return { name: "linearizable", check: (input, opts) => checkLinearizable(input, { ...options, ...(opts?.signal ? { signal: opts.signal } : {}) }) };
}
/** Checks `input.history`; pure apart from reading the clock for the timeout. */
export function checkLinearizable(input, options = {}) {
    const { timeoutMs = 10_000, maxMemoryBytes = 256 * 1024 * 1024, tail = 12, maxCounterexamples = 5 } = options;
    const raw = checkLockHistory(input.history, { timeoutMs, maxMemoryBytes, ...(options.signal ? { signal: options.signal } : {}), ...(options.clock ? { clock: options.clock } : {}) });
    const parts = visualizationData(raw);
    const times = clientOpTimes(input.history);
    const counterexamples = parts.filter((p) => p.result !== "ok").slice(0, maxCounterexamples)
        .map((p) => counterexample(p, times, tail));
    const valid = raw.result === "ok" ? true : raw.result === "illegal" ? false : "unknown";
    const first = counterexamples[0];
    const summary = first === undefined ? undefined : raw.result === "illegal"
        ? `linearizable: cannot place ${first.stuck[0]?.description ?? "an op"} after ${first.prefixLength} ops`
        : `linearizable: undecided within ${timeoutMs} ms or ${maxMemoryBytes} cache bytes`;
    return {
        valid, result: raw.result, partitions: parts.length, operations: parts.reduce((n, p) => n + p.ops.length, 0),
        counterexamples, ...(summary ? { summary } : {}),
    };
}
/** Harness times of the client ops, by their position among client ops (the checker's time base). */
function clientOpTimes(history) {
    return history.filter((op) => typeof op.process === "number").map((op) => op.time);
}
function counterexample(p, times, tail) {
    const byId = new Map(p.ops.map((op) => [op.id, op]));
    const timed = (id) => {
        const op = byId.get(id);
        return op ? [timedOp(op, times)] : [];
    };
    return {
        partition: p.index,
        result: p.result === "illegal" ? "illegal" : "unknown",
        prefixLength: p.linearization.length,
        prefixTail: p.linearization.slice(-tail).flatMap(timed),
        stuck: p.stuck.flatMap(timed),
        stateAfter: p.stateAfter,
    };
}
function timedOp(op, times) {
    return {
        process: op.clientId,
        description: op.description,
        calledAt: times[op.call] ?? 0,
        returnedAt: op.return === null ? null : (times[op.return] ?? null),
    };
}
//# sourceMappingURL=linearizable-checker.js.map