/**
 * Lease overlap: two clients believed they held the same resource at the
 * same time. With leases this is expected after expiry (a paused holder
 * wakes up still believing), and it is the reason fencing exists; it is a
 * violation only when the lock service certainly granted the resource twice
 * before the first lease could have expired.
 */
import { pairs } from "../../harness/core/index.js";
import { beliefIntervals } from "./belief-intervals.js";
/** The lease-overlap checker (name "lease-overlap"). Pure. */
export function leaseOverlapChecker() {
    return { name: "lease-overlap", check: checkLeaseOverlap };
}
/** Checks one run's history against the configured lease time to live. */
export function checkLeaseOverlap(input) {
    const ttlNs = input.config.workload.ttlMs * 1e6;
    const overlaps = [];
    const beliefs = beliefIntervals(input.history);
    const writes = writesByProcess(input.history);
    for (let i = 0; i < beliefs.length; i++) {
        const a = beliefs[i];
        for (let j = i + 1; j < beliefs.length; j++) {
            const b = beliefs[j];
            if (b.grantedAt >= a.until)
                break;
            if (b.resource !== a.resource || b.process === a.process)
                continue;
            overlaps.push(overlap(a, b, ttlNs, writes.get(a.process) ?? []));
        }
    }
    return { valid: !overlaps.some((o) => o.certain), overlaps, ttlMs: input.config.workload.ttlMs };
}
function overlap(a, b, ttlNs, writes) {
    const expiresNoEarlierThan = a.acquireInvokedAt + ttlNs;
    const releasedBefore = a.releasedAt !== undefined && a.releasedAt < b.acquireInvokedAt;
    const certain = b.acquireInvokedAt > a.grantedAt && b.grantedAt < expiresNoEarlierThan && !releasedBefore;
    const overlapStart = b.grantedAt;
    const overlapEnd = Math.min(a.until, b.until);
    const earlierWrites = writesInside(writes, a, overlapStart, a.until);
    return {
        resource: a.resource, first: a, second: b, overlapStart, overlapEnd,
        afterExpiry: b.grantedAt >= expiresNoEarlierThan, certain, earlierWrites, savedByFencing: earlierWrites === "rejected",
    };
}
function writesByProcess(history) {
    const out = new Map();
    for (const pair of pairs(history)) {
        const p = pair.invoke.process;
        if (pair.invoke.f !== "write" || typeof p !== "number")
            continue;
        const list = out.get(p) ?? [];
        list.push(pair);
        out.set(p, list);
    }
    return out;
}
function writesInside(writes, holder, start, end) {
    const outcomes = new Set();
    for (const { invoke, completion } of writes) {
        const v = invoke.value;
        if (v?.resource !== holder.resource || invoke.time < holder.grantedAt)
            continue;
        const doneAt = completion?.time ?? Number.POSITIVE_INFINITY;
        if (invoke.time > end || doneAt < start)
            continue;
        outcomes.add(completion?.type ?? "info");
    }
    if (outcomes.size === 0)
        return "none";
    if (outcomes.has("ok"))
        return "accepted";
    if (outcomes.has("info"))
        return "indeterminate";
    return "rejected";
}
//# sourceMappingURL=lease-overlap-checker.js.map