/**
 * Pairs every invocation with the next completion of the same process.
 * Nemesis ops are paired the same way. Completions without an invocation
 * are ignored (a history file cut before an invoke cannot produce them, but
 * a hand-written one can). Runs in O(n).
 */
export function pairs(history) {
    const open = new Map();
    const out = [];
    for (const op of history) {
        if (op.type === "invoke") {
            open.set(op.process, out.length);
            out.push({ invoke: op, completion: undefined });
        }
        else {
            const at = open.get(op.process);
            if (at === undefined)
                continue;
            open.delete(op.process);
            const pair = out[at];
            if (pair)
                pair.completion = op;
        }
    }
    return out;
}
/** The client ops of a history (those of numeric processes). */
export function clientOps(history) {
    return history.filter((op) => typeof op.process === "number");
}
/** The nemesis ops of a history. */
export function nemesisOps(history) {
    return history.filter((op) => op.process === "nemesis");
}
/** The `ok` completions with function `f`. */
export function oks(history, f) {
    return history.filter((op) => op.type === "ok" && (f === undefined || op.f === f));
}
//# sourceMappingURL=history.js.map