/**
 * Orders the calls and returns of `ops` by time (a call before a return at
 * the same time, so touching operations count as concurrent) and links them.
 */
export function makeEntries(ops) {
    const n = ops.length;
    const times = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
        const op = ops[i];
        times[2 * i] = op.call;
        times[2 * i + 1] = op.return;
    }
    const order = Array.from({ length: 2 * n }, (_, e) => e);
    order.sort((a, b) => times[a] - times[b] || (a & 1) - (b & 1) || a - b);
    const size = 2 * n + 1;
    const next = new Int32Array(size);
    const prev = new Int32Array(size);
    const op = new Int32Array(size).fill(-1);
    const match = new Int32Array(size).fill(-1);
    const bit = new Int32Array(size).fill(-1);
    const callNode = new Int32Array(n);
    let calls = 0;
    for (let k = 0; k < 2 * n; k++) {
        const event = order[k];
        const node = k + 1;
        op[node] = event >>> 1;
        if ((event & 1) === 0) {
            callNode[event >>> 1] = node;
            bit[node] = calls++;
        }
        else
            match[callNode[event >>> 1]] = node;
    }
    for (let node = 0; node < size; node++) {
        next[node] = node + 1 < size ? node + 1 : -1;
        prev[node] = node - 1;
    }
    return { n, next, prev, op, match, bit };
}
/** Removes call node `call` and its return from the list. */
export function lift(e, call) {
    const { next, prev } = e;
    const ret = e.match[call];
    next[prev[call]] = next[call];
    if (next[call] !== -1)
        prev[next[call]] = prev[call];
    next[prev[ret]] = next[ret];
    if (next[ret] !== -1)
        prev[next[ret]] = prev[ret];
}
/** Puts back call node `call` and its return (the reverse of the latest `lift`). */
export function unlift(e, call) {
    const { next, prev } = e;
    const ret = e.match[call];
    next[prev[ret]] = ret;
    if (next[ret] !== -1)
        prev[next[ret]] = ret;
    next[prev[call]] = call;
    if (next[call] !== -1)
        prev[next[call]] = call;
}
//# sourceMappingURL=entries.js.map