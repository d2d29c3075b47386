/**
 * A key/value store with get, put and append (porcupine's kv test model).
 * A key's value is a string; absent (nil) reads as the empty string, the
 * default initial value. `kv` partitions the history by key and checks one
 * string per key; `kv-nopartition` keeps the whole map as one state.
 * Failed ops are dropped (Knossos); an unknown output applies put and
 * append and accepts any get. The key comes from the op's `:key`, or from a
 * `[key value]` tuple value (jepsen.independent) when there is no `:key`.
 */
import { ILLEGAL, isUnknown } from "../model.js";
import { hashString } from "../values.js";
import { DROP, badOp } from "./spec.js";
/** The per-key model: state is the key's string; partitions by key. */
export function kvModel(initial) {
    return {
        init: () => initial,
        step: (state, input, output) => stepString(state, input, output),
        partition: partitionByKey,
        hash: hashString,
        describeOperation: describeKv,
        describeState: (s) => JSON.stringify(s),
        stateBytes: (s) => 24 + 2 * s.length,
    };
}
/** The whole-map model: one state for all keys (much slower to check). */
export function kvMapModel(initial) {
    return {
        init: () => new Map(),
        step(state, input, output) {
            const before = state.get(input.key) ?? initial;
            const after = stepString(before, input, output);
            if (after === ILLEGAL)
                return ILLEGAL;
            return after === before ? state : new Map(state).set(input.key, after);
        },
        equal(a, b) {
            if (a.size !== b.size)
                return false;
            for (const [k, v] of a)
                if (b.get(k) !== v)
                    return false;
            return true;
        },
        hash(state) {
            let h = 0;
            for (const [k, v] of state)
                h = (h + Math.imul(hashString(k), 31) + hashString(v)) | 0;
            return h >>> 0;
        },
        describeOperation: describeKv,
        describeState: (s) => JSON.stringify(Object.fromEntries([...s].sort())),
        stateBytes: (s) => 64 + 48 * s.size,
    };
}
function stepString(state, input, output) {
    if (input.f === 1)
        return input.value;
    if (input.f === 2)
        return state + input.value;
    return isUnknown(output) || output === state ? state : ILLEGAL;
}
/** Groups operations by their input's key, in order of first appearance. */
export function partitionByKey(ops) {
    const groups = new Map();
    for (const op of ops) {
        const group = groups.get(op.input.key);
        if (group)
            group.push(op);
        else
            groups.set(op.input.key, [op]);
    }
    return [...groups.values()];
}
function describeKv(input, output) {
    const key = JSON.stringify(input.key);
    if (input.f === 0)
        return `get(${key}) -> ${isUnknown(output) ? "?" : JSON.stringify(output)}`;
    return `${input.f === 1 ? "put" : "append"}(${key}, ${JSON.stringify(input.value)})`;
}
function kvText(value, what) {
    if (value === null || value === undefined)
        return "";
    if (typeof value === "string")
        return value;
    if (typeof value === "number" || typeof value === "bigint")
        return String(value);
    return badOp(`a kv ${what} must be a string, got ${JSON.stringify(value) ?? String(value)}`);
}
function keyAndValue(op, value) {
    if (op.key !== undefined)
        return [kvText(op.key, "key"), value];
    if (Array.isArray(value) && value.length === 2)
        return [kvText(value[0], "key"), value[1]];
    return badOp(`a kv op needs a key (":key" or a [key value] tuple)`);
}
function kvInput(op) {
    const f = op.f === "get" || op.f === "read" ? 0 : op.f === "put" || op.f === "write" ? 1 : op.f === "append" ? 2 : -1;
    if (f === -1)
        return badOp(`the kv model cannot read function "${op.f}"`);
    const [key, value] = keyAndValue(op, op.invokeValue);
    return { f, key, value: f === 0 ? "" : kvText(value, "value") };
}
function kvOutput(op, input) {
    if (op.type === "fail")
        return DROP;
    if (input.f !== 0)
        return "";
    return kvText(keyAndValue(op, op.value)[1], "value");
}
function initialText(initial) {
    return initial === undefined ? "" : kvText(initial, "initial value");
}
/** `kv`: get/put/append partitioned by key. */
export const kvSpec = {
    name: "kv",
    summary: "key/value get, put, append; checked per key",
    fs: ["get", "put", "append"],
    model: (initial) => kvModel(initialText(initial)),
    input: kvInput,
    output: kvOutput,
};
/** `kv-nopartition`: the same store with the whole map as one state. */
export const kvNoPartitionSpec = {
    name: "kv-nopartition",
    summary: "key/value get, put, append; the whole map as one state",
    fs: ["get", "put", "append"],
    model: (initial) => kvMapModel(initialText(initial)),
    input: kvInput,
    output: kvOutput,
};
//# sourceMappingURL=kv.js.map