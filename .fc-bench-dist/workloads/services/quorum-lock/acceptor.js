/**
 * The vote state of one quorum-lock node (replica or witness): per resource,
 * the highest token it has voted for and the lease it has promised. This is
 * all a witness keeps, and all that safety needs.
 *
 * The acceptor's rule, for a proposal (resource, token, holder, ttl):
 *   vote yes  iff  token > every token it voted for on that resource
 *             and  it has promised no unexpired lease on it to another holder.
 * A yes records the lease with an expiry on this node's own clock. Pure:
 * the clock is injected; the entry point persists `snapshot()` before it
 * answers, so a restart never forgets a vote.
 */
/** Creates an acceptor over `initial` state (from disk) and the node's clock. */
export function createAcceptor(nowMs, initial) {
    const state = new Map(initial ?? []);
    function live(resource, now) {
        const lease = state.get(resource)?.lease;
        return lease !== undefined && lease.expiresAtMs > now ? lease : undefined;
    }
    return {
        vote({ resource, token, holder, ttlMs }) {
            const now = nowMs();
            const highest = state.get(resource)?.highest ?? 0n;
            if (token <= highest)
                return { kind: "stale-token", highest };
            const held = live(resource, now);
            // The same holder may supersede its own promise (a retried acquire); nobody else may.
            if (held !== undefined && held.holder !== holder) {
                return { kind: "busy", highest, holder: held.holder, remainingMs: held.expiresAtMs - now };
            }
            state.set(resource, { highest: token, lease: { holder, token, expiresAtMs: now + ttlMs } });
            return { kind: "yes" };
        },
        release(resource, holder, token) {
            const held = live(resource, nowMs());
            // A lower live token means this node never saw the vote for `token`.
            if (held === undefined || held.token < token)
                return "absent";
            if (held.token > token || held.holder !== holder)
                return "other-holder";
            state.set(resource, { highest: state.get(resource)?.highest ?? token });
            return "released";
        },
        highest: (resource) => state.get(resource)?.highest ?? 0n,
        snapshot: () => new Map(state),
    };
}
//# sourceMappingURL=acceptor.js.map