/**
 * Final state: after the run, each resource must hold the value of a write
 * carrying the highest token among acknowledged writes (or of an `info`
 * write with a token at least that high). Anything else is a lost update.
 */
import { compareTokens, pairs, toToken, } from "../../harness/core/index.js";
/** The final-state checker (name "final-state"). Pure. */
export function finalStateChecker() {
    return { name: "final-state", check: checkFinalState };
}
/** Checks the final reads of one run against its acknowledged writes. */
export function checkFinalState(input) {
    const { writes, finalReads } = scan(input.history);
    const resources = [...writes].map(([resource, ws]) => judge(resource, ws, finalReads.get(resource)));
    const lostUpdates = resources.filter((r) => r.valid === false);
    const valid = lostUpdates.length > 0 ? false : resources.some((r) => r.valid === "unknown") ? "unknown" : true;
    return { valid, resources, lostUpdates };
}
function scan(history) {
    const writes = new Map();
    const finalReads = new Map();
    const lastWriteIndex = new Map();
    const held = new Map();
    for (const { invoke, completion } of pairs(history)) {
        const p = invoke.process;
        const v = invoke.value;
        const c = completion?.value;
        if (typeof p !== "number" || typeof v?.resource !== "string")
            continue;
        const key = `${p}\u0000${v.resource}`;
        if (invoke.f === "acquire" && completion?.type === "ok")
            held.set(key, toToken(c?.token) ?? "");
        if (invoke.f === "write" && typeof v.value === "string") {
            const token = toToken(c?.token) ?? (held.get(key) || undefined);
            const list = writes.get(v.resource) ?? [];
            list.push({ process: p, value: v.value, token, type: completion?.type ?? "info" });
            writes.set(v.resource, list);
            lastWriteIndex.set(v.resource, completion?.index ?? Number.POSITIVE_INFINITY);
            finalReads.delete(v.resource);
        }
        const after = invoke.index > (lastWriteIndex.get(v.resource) ?? -1);
        if (invoke.f === "read" && completion?.type === "ok" && after) {
            finalReads.set(v.resource, { value: typeof c?.value === "string" ? c.value : null });
        }
    }
    return { writes, finalReads };
}
function judge(resource, ws, read) {
    let highest;
    for (const w of ws) {
        if (w.type === "ok" && w.token !== undefined && (highest === undefined || compareTokens(w.token, highest) > 0))
            highest = w.token;
    }
    const base = { resource, highestAcknowledged: highest, finalValue: read?.value, finalToken: undefined };
    if (read === undefined) {
        return { ...base, valid: "unknown", message: `No final read of "${resource}": its final state is unknown` };
    }
    const source = ws.find((w) => w.value === read.value && w.type !== "fail") ?? ws.find((w) => w.value === read.value);
    const allowed = ws.some((w) => w.value === read.value && w.type !== "fail" && atLeast(w, highest));
    const anyAcknowledged = ws.some((w) => w.type === "ok");
    const valid = allowed || (!anyAcknowledged && read.value === null);
    if (valid)
        return { ...base, finalToken: source?.token, valid: true, message: undefined };
    const shown = read.value === null ? "empty" : `"${read.value}"`;
    const origin = source === undefined ? "was never written" : `was written under token ${source.token ?? "unknown"}`;
    const message = highest === undefined
        ? `Final value of "${resource}" is ${shown}, which ${origin}, but a write was acknowledged`
        : `Final value of "${resource}" is ${shown}, which ${origin}, but a write under token ${highest} was acknowledged`;
    return { ...base, finalToken: source?.token, valid: false, message };
}
/** An ok write must carry the highest acknowledged token; an info write at least that token (or an unknown one). */
function atLeast(w, highest) {
    if (highest === undefined)
        return true;
    if (w.token === undefined)
        return w.type === "info";
    const cmp = compareTokens(w.token, highest);
    return w.type === "ok" ? cmp === 0 : cmp >= 0;
}
//# sourceMappingURL=final-state-checker.js.map