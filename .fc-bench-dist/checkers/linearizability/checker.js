/**
 * The public checking API, porcupine-small: `checkOperations` and
 * `checkEvents` split a history with the model's partition function
 * (P-compositionality), search each part, and combine: illegal beats unknown
 * beats ok. `checkPartition` is the unit a worker-thread pool runs.
 */
import { createSystemClock } from "../../harness/core/index.js";
import { fillDefaults, UNKNOWN } from "./model.js";
import { searchPartition } from "./search.js";
const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;
/** Builds the limits of a search from options; `deadlineNs` is on `clock`. */
export function searchLimits(options, clock, deadlineNs) {
    const { signal } = options;
    return {
        expired: () => signal?.aborted === true || clock.nowNs() >= deadlineNs,
        maxBytes: options.maxMemoryBytes ?? DEFAULT_MAX_BYTES,
    };
}
/** Checks one partition (already split) under `limits`: the unit of parallel work. */
export function checkPartition(model, ops, limits, index = 0) {
    const full = fillDefaults(model);
    const outcome = searchPartition(full, ops, limits);
    const descriptions = ops.map((o) => full.describeOperation(o.input, o.output));
    return { index, operations: ops, descriptions, outcome };
}
/** Merges partition verdicts: illegal beats unknown beats ok. */
export function combineVerdicts(verdicts) {
    let merged = "ok";
    for (const v of verdicts) {
        if (v === "illegal")
            return "illegal";
        if (v === "unknown")
            merged = "unknown";
    }
    return merged;
}
/** Checks a history of operations against `model`. Never throws on a model's verdict. */
export function checkOperations(model, ops, options = {}) {
    const full = fillDefaults(model);
    const clock = options.clock ?? createSystemClock();
    const deadline = options.timeoutMs === undefined ? Infinity : clock.nowNs() + options.timeoutMs * 1e6;
    const limits = searchLimits(options, clock, deadline);
    const partitions = [];
    const parts = full.partition(ops);
    for (let index = 0; index < parts.length; index++) {
        const info = checkPartition(full, parts[index], limits, index);
        partitions.push(info);
        if (info.outcome.result === "illegal" && options.allPartitions !== true)
            break;
    }
    return { result: combineVerdicts(partitions.map((p) => p.outcome.result)), info: { partitions } };
}
/** Checks a history given as call/return events (in order) against `model`. */
export function checkEvents(model, events, options = {}) {
    return checkOperations(model, eventsToOperations(events), options);
}
/** Pairs call and return events by id; an unreturned call returns at +infinity. */
export function eventsToOperations(events) {
    const calls = new Map();
    const ops = [];
    events.forEach((ev, time) => {
        if (ev.kind === "call") {
            calls.set(ev.id, { clientId: ev.clientId, input: ev.value, call: time });
            return;
        }
        const c = calls.get(ev.id);
        if (c === undefined)
            return;
        calls.delete(ev.id);
        ops.push({ ...c, output: ev.value, return: time });
    });
    for (const c of calls.values())
        ops.push({ ...c, output: UNKNOWN, return: Infinity });
    return ops;
}
//# sourceMappingURL=checker.js.map