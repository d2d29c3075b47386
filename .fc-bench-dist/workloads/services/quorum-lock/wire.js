/** A proposal as JSON. */
export function encodeProposal(p) {
    return { resource: p.resource, token: p.token.toString(), holder: p.holder, ttlMs: p.ttlMs };
}
/** Reads a proposal from a request body; undefined when malformed. */
export function decodeProposal(body) {
    const b = record(body);
    const token = bigintOf(b?.token);
    if (!b || typeof b.resource !== "string" || typeof b.holder !== "string" || token === undefined)
        return undefined;
    if (typeof b.ttlMs !== "number" || !Number.isInteger(b.ttlMs) || b.ttlMs <= 0)
        return undefined;
    return { resource: b.resource, token, holder: b.holder, ttlMs: b.ttlMs };
}
/** A vote as JSON. */
export function encodeVote(v) {
    if (v.kind === "yes")
        return { kind: "yes" };
    if (v.kind === "stale-token")
        return { kind: v.kind, highest: v.highest.toString() };
    return { kind: v.kind, highest: v.highest.toString(), holder: v.holder, remainingMs: v.remainingMs };
}
/** Reads a vote from a peer's answer; undefined when it is not one. */
export function decodeVote(body) {
    const b = record(body);
    if (b?.kind === "yes")
        return { kind: "yes" };
    const highest = bigintOf(b?.highest);
    if (!b || highest === undefined)
        return undefined;
    if (b.kind === "stale-token")
        return { kind: "stale-token", highest };
    if (b.kind === "busy" && typeof b.holder === "string" && typeof b.remainingMs === "number") {
        return { kind: "busy", highest, holder: b.holder, remainingMs: b.remainingMs };
    }
    return undefined;
}
/** Reads a release vote from a peer's answer; undefined when it is not one. */
export function decodeReleaseVote(body) {
    const v = record(body)?.release;
    return v === "released" || v === "absent" || v === "other-holder" ? v : undefined;
}
/** Reads a decimal token string as a bigint; undefined when it is not one. */
export function bigintOf(x) {
    return typeof x === "string" && /^\d+$/.test(x) ? BigInt(x) : undefined;
}
function record(x) {
    return typeof x === "object" && x !== null && !Array.isArray(x) ? x : undefined;
}
//# sourceMappingURL=wire.js.map