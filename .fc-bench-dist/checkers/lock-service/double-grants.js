/**
 * Double grants: two holders whose server-side leases on one resource were
 * certainly both unexpired at the same moment. A grant happened somewhere in
 * its acquire's [invoke, ok]; its lease lives on the server at least until
 * invoke + ttl, unless the holder asked to release it (from the release's
 * invoke on, the service may have dropped it). So a lease is certainly live
 * over [ok, min(invoke + ttl, release invoke)); two such intervals of
 * different holders that overlap are a broken promise, whether the acquires
 * were concurrent or not. Assumes server clocks that do not run fast: a
 * clock nemesis can make the service expire leases early, and then this is
 * exactly the broken real-time promise the seed warns about.
 */
import { pairs, toToken } from "../../harness/core/index.js";
/** The leases certainly live on the server, per acquire `ok`, in grant order. Pure. */
export function liveLeases(history, ttlMs) {
    const ttlNs = ttlMs * 1e6;
    const open = new Map();
    const out = [];
    const close = (key, at) => {
        const o = open.get(key);
        if (o === undefined)
            return;
        open.delete(key);
        if (Math.min(o.to, at) > o.lease.from)
            out.push({ ...o.lease, to: Math.min(o.to, at) });
    };
    for (const { invoke, completion } of pairs(history)) {
        const v = (completion?.value ?? invoke.value);
        if (typeof invoke.process !== "number" || typeof v?.resource !== "string")
            continue;
        const key = `${invoke.process}\u0000${v.resource}`;
        // A release, or a new acquire by the same holder, may end the lease from its invoke on.
        if (invoke.f === "release" || invoke.f === "acquire")
            close(key, invoke.time);
        const token = toToken(v.token);
        if (invoke.f !== "acquire" || completion?.type !== "ok" || token === undefined)
            continue;
        const lease = { process: invoke.process, resource: v.resource, token, acquireInvokedAt: invoke.time, from: completion.time };
        open.set(key, { lease, to: invoke.time + ttlNs });
    }
    for (const key of [...open.keys()])
        close(key, Number.POSITIVE_INFINITY);
    return out.sort((a, b) => a.from - b.from);
}
/** Every pair of different holders whose certainly-live leases on one resource overlap. Pure. */
export function doubleGrants(history, ttlMs) {
    const leases = liveLeases(history, ttlMs);
    const out = [];
    for (let i = 0; i < leases.length; i++) {
        const a = leases[i];
        for (let j = i + 1; j < leases.length && leases[j].from < a.to; j++) {
            const b = leases[j];
            if (b.resource !== a.resource || b.process === a.process)
                continue;
            const overlapEnd = Math.min(a.to, b.to);
            out.push({
                resource: a.resource, first: a, second: b, overlapStart: b.from, overlapEnd,
                message: `"${a.resource}" was held by client ${a.process} (token "${a.token}") and client ${b.process} (token "${b.token}") ` +
                    `at once for ${((overlapEnd - b.from) / 1e6).toFixed(0)} ms before either lease could have expired`,
            });
        }
    }
    return out;
}
//# sourceMappingURL=double-grants.js.map