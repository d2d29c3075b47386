/** Error codes the lock workload's clients report. */
export const LOCK_ERRORS = {
    /** Storage refused a write whose token is below one it already accepted. */
    staleToken: "stale-token",
    /** The lock stayed busy until the acquire gave up. */
    lockBusy: "lock-busy",
    /** Release found the lease already gone (expired and possibly re-granted). */
    leaseLost: "lease-lost",
    /** A write or read without a held lease. */
    notHolder: "not-holder",
    /** The client believed its lease expired and did not write. */
    leaseExpired: "lease-expired",
    /** The op did not answer within the op timeout. */
    timeout: "timeout",
};
/** Reads a lock op's resource, whatever its f. */
export function resourceOf(op) {
    const v = op.value;
    return typeof v?.resource === "string" ? v.resource : undefined;
}
//# sourceMappingURL=lock-ops.js.map