/**
 * When each client believed it held each resource: from its acquire `ok`
 * until it invoked release, or (for a retired process) until its last op,
 * or until the end of the history.
 */
import { pairs, toToken } from "../../harness/core/index.js";
/** All beliefs of a history, in acquire order. Pure. */
export function beliefIntervals(history) {
    const end = history.reduce((t, op) => Math.max(t, op.time), 0);
    const open = new Map();
    const lastTime = new Map();
    const retired = new Set();
    const out = [];
    const close = (key, until, releasedAt) => {
        const o = open.get(key);
        if (o === undefined)
            return;
        open.delete(key);
        const p = o.pair.invoke.process;
        out.push({
            process: p, node: o.pair.invoke.node, resource: o.resource, token: o.token,
            acquireInvokedAt: o.pair.invoke.time, grantedAt: o.pair.completion?.time ?? until, until, releasedAt,
        });
    };
    for (const pair of pairs(history)) {
        const { invoke, completion } = pair;
        if (typeof invoke.process !== "number")
            continue;
        const p = invoke.process;
        lastTime.set(p, Math.max(lastTime.get(p) ?? 0, completion?.time ?? invoke.time));
        if (completion?.type === "info")
            retired.add(p);
        const v = (completion?.value ?? invoke.value);
        if (typeof v?.resource !== "string")
            continue;
        const key = `${p}\u0000${v.resource}`;
        if (invoke.f === "release")
            close(key, invoke.time, completion?.type === "ok" ? completion.time : undefined);
        const token = toToken(v.token);
        if (invoke.f === "acquire" && completion?.type === "ok" && token !== undefined) {
            close(key, invoke.time, undefined);
            open.set(key, { pair, token, resource: v.resource });
        }
    }
    for (const [key, o] of [...open]) {
        const p = o.pair.invoke.process;
        close(key, retired.has(p) ? (lastTime.get(p) ?? end) : end, undefined);
    }
    return out.sort((a, b) => a.grantedAt - b.grantedAt);
}
//# sourceMappingURL=belief-intervals.js.map