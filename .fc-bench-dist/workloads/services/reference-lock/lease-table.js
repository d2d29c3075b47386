/**
 * The reference lock service's decisions: leases with a time to live kept on
 * the server's own clock, and a fencing token per resource that strictly
 * increases with every grant. Pure: the clock is injected (the entry point
 * passes the wall clock, which the clock nemesis skews on purpose), and the
 * state is exported as a snapshot the server persists before it answers.
 */
/** Creates a lease table; the only state lives in the returned closure. */
export function createLeaseTable(options) {
    const counters = new Map(options.snapshot?.counters ?? []);
    const leases = new Map(options.snapshot?.leases ?? []);
    const { nowMs } = options;
    function live(resource, now) {
        const lease = leases.get(resource);
        return lease !== undefined && lease.expiresAtMs > now ? lease : undefined;
    }
    return {
        acquire(resource, client, ttlMs) {
            const now = nowMs();
            const held = live(resource, now);
            if (held) {
                return { kind: "busy", holder: held.client, token: held.token, remainingMs: held.expiresAtMs - now };
            }
            const token = (counters.get(resource) ?? 0n) + 1n;
            counters.set(resource, token);
            leases.set(resource, { client, token, expiresAtMs: now + ttlMs });
            return { kind: "granted", token, ttlMs, grantedAtMs: now };
        },
        release(resource, client, token) {
            const held = live(resource, nowMs());
            if (!held)
                return { kind: "not-holder" };
            if (held.client !== client || held.token !== token) {
                return { kind: "not-holder", holder: held.client, token: held.token };
            }
            leases.delete(resource);
            return { kind: "released" };
        },
        snapshot: () => ({ counters: new Map(counters), leases: new Map(leases) }),
    };
}
//# sourceMappingURL=lease-table.js.map