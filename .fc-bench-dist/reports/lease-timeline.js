/**
 * The lease timeline of each resource: per client, when it was acquiring,
 * when it believed it held the lease (split at the moment the lease had
 * certainly expired: grant + TTL), and each write as a mark coloured by
 * what storage answered, with its token. A belief lasts from the grant to
 * the release's invoke; a process that never released believes until the
 * end, or, once retired (an info or unanswered op), until its last op, as
 * in the lease-overlap checker.
 */
import { pairs } from "../harness/core/index.js";
import { columnsBuilder, STYLE } from "./canvas-track.js";
import { seconds } from "./format.js";
function valueOf(pair) {
    return ((pair.completion?.value ?? pair.invoke.value) ?? {});
}
function storageAnswer(pair, storage) {
    const v = valueOf(pair);
    const record = storage.get(`${String(v.resource)}\u0000${pair.invoke.process}\u0000${String(v.value)}`);
    if (record) {
        const stale = record.highest !== null && record.token !== null && BigInt(record.token) < BigInt(record.highest);
        if (!record.accepted)
            return { style: STYLE.writeRejected, text: `rejected (${record.reason ?? "refused"}, highest token ${record.highest ?? "none"})` };
        return stale ? { style: STYLE.staleAccepted, text: `storage accepted it after token ${record.highest}` } : { style: STYLE.writeAccepted, text: "accepted" };
    }
    const type = pair.completion?.type;
    if (type === "ok")
        return { style: STYLE.writeAccepted, text: "acknowledged" };
    if (type === "fail")
        return { style: STYLE.writeRejected, text: `failed (${pair.completion?.type === "fail" ? pair.completion.error.code : ""})` };
    return { style: STYLE.writeUnknown, text: "outcome unknown" };
}
function storageIndex(records) {
    return new Map(records.map((r) => [`${r.key}\u0000${r.client}\u0000${r.value}`, r]));
}
/** One canvas track per resource, in resource order. Pure. */
export function buildLeaseTimelines(input) {
    const { history, ttlMs } = input;
    const end = history.reduce((t, op) => Math.max(t, op.time), 0);
    const all = pairs(history).filter((p) => typeof p.invoke.process === "number" && typeof valueOf(p).resource === "string");
    const byWorker = laneMode(all, input.maxLanes ?? 40);
    const laneOf = (p) => {
        const process = p.invoke.process;
        return byWorker ? `${p.invoke.node ?? `w${process % Math.max(input.workers, 1)}`}` : `process ${process}${p.invoke.node ? ` (${p.invoke.node})` : ""}`;
    };
    const tracks = new Map();
    const held = new Map();
    const lastAt = new Map();
    const retired = new Set();
    const storage = storageIndex(input.storage);
    const track = (resource) => {
        const t = tracks.get(resource) ?? { lanes: new Map(), bars: columnsBuilder(true), marks: columnsBuilder(false) };
        tracks.set(resource, t);
        return t;
    };
    const lane = (t, p) => {
        const key = laneOf(p);
        if (!t.lanes.has(key))
            t.lanes.set(key, t.lanes.size);
        return t.lanes.get(key) ?? 0;
    };
    const closeBelief = (resource, p, until) => {
        const key = `${p.invoke.process}\u0000${resource}`;
        const h = held.get(key);
        if (h === undefined)
            return;
        held.delete(key);
        const t = track(resource);
        drawBelief(t.bars, lane(t, p), h, until, ttlMs * 1e6, resource);
    };
    const opens = new Map();
    for (const p of all) {
        const v = valueOf(p);
        const resource = v.resource;
        const process = p.invoke.process;
        lastAt.set(process, p.completion?.time ?? p.invoke.time);
        if (p.completion === undefined || p.completion.type === "info")
            retired.add(process);
        const t = track(resource);
        const l = lane(t, p);
        if (p.invoke.f === "acquire") {
            closeBelief(resource, p, p.invoke.time);
            const granted = p.completion?.type === "ok" && v.token !== undefined && v.token !== null;
            t.bars.add(l, p.invoke.time, p.completion?.time ?? end, granted ? STYLE.acquiring : STYLE.fail, `p${process} acquiring ${resource}: ${granted ? `token ${String(v.token)}` : (p.completion?.type ?? "no answer")}`);
            if (granted) {
                held.set(`${process}\u0000${resource}`, { process, token: String(v.token), invokedAt: p.invoke.time, grantedAt: p.completion.time });
                opens.set(`${process}\u0000${resource}`, p);
            }
        }
        else if (p.invoke.f === "release") {
            closeBelief(resource, p, p.invoke.time);
        }
        else if (p.invoke.f === "write") {
            const answer = storageAnswer(p, storage);
            t.marks.add(l, p.invoke.time, undefined, answer.style, `p${process} wrote ${String(v.value)} with token ${String(v.token ?? "?")}: ${answer.text}`);
        }
    }
    for (const [key, p] of opens) {
        const process = p.invoke.process;
        if (held.has(key))
            closeBelief(valueOf(p).resource, p, retired.has(process) ? (lastAt.get(process) ?? end) : end);
    }
    return [...tracks].sort((a, b) => a[0].localeCompare(b[0])).map(([resource, t]) => ({
        id: `lease-${resource}`, title: `Resource ${resource}`, lanes: [...t.lanes.keys()], bars: t.bars.build(), marks: t.marks.build(),
        legend: [STYLE.acquiring, STYLE.belief, STYLE.beliefExpired, STYLE.writeAccepted, STYLE.writeRejected, STYLE.staleAccepted, STYLE.writeUnknown],
    }));
}
function laneMode(all, maxLanes) {
    const perResource = new Map();
    for (const p of all) {
        const r = valueOf(p).resource;
        const set = perResource.get(r) ?? new Set();
        set.add(p.invoke.process);
        perResource.set(r, set);
    }
    return [...perResource.values()].some((s) => s.size > maxLanes);
}
function drawBelief(bars, lane, h, until, ttlNs, resource) {
    const expiry = h.grantedAt + ttlNs;
    const what = `p${h.process} held ${resource} with token ${h.token}`;
    bars.add(lane, h.grantedAt, Math.min(until, expiry), STYLE.belief, `${what}, lease valid`);
    if (until > expiry)
        bars.add(lane, expiry, until, STYLE.beliefExpired, `${what}, it believed, after the lease expired at ${seconds(expiry)}`);
}
//# sourceMappingURL=lease-timeline.js.map