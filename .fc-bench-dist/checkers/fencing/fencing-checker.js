/**
 * Fencing: storage must never accept a write whose token is below one it
 * already accepted for the same key (divergence), and the lock service must
 * grant unique tokens that increase in real-time grant order.
 */
import { compareTokens, } from "../../harness/core/index.js";
import { lockServiceViolations } from "./lock-service-order.js";
/** Folds storage records into stale writes; pure, O(n). */
export function staleWrites(storage) {
    const highest = new Map();
    const stale = [];
    let accepted = 0;
    for (const rec of storage) {
        if (rec.accepted)
            accepted++;
        if (rec.token === null)
            continue;
        const top = highest.get(rec.key);
        if (top?.token != null && compareTokens(rec.token, top.token) < 0) {
            stale.push({
                key: rec.key, staleToken: rec.token, highestToken: top.token, client: rec.client, value: rec.value,
                time: rec.time, accepted: rec.accepted, earlier: { client: top.client, value: top.value, time: top.time },
            });
        }
        else if (rec.accepted) {
            highest.set(rec.key, rec);
        }
    }
    return { stale, accepted };
}
/** The fencing checker (name "fencing"). Pure. */
export function fencingChecker() {
    return { name: "fencing", check: checkFencing };
}
/** Checks one run's storage records and acquire grants. */
export function checkFencing(input) {
    const { stale, accepted } = staleWrites(input.storage);
    const violations = stale.filter((s) => s.accepted);
    const rejections = stale.filter((s) => !s.accepted);
    const lockViolations = lockServiceViolations(input.history);
    const acknowledged = input.history.some((op) => op.f === "write" && op.type === "ok");
    const storageKnown = input.storage.length > 0 || !acknowledged;
    const valid = violations.length > 0 || lockViolations.length > 0 ? false : storageKnown ? true : "unknown";
    return {
        valid, storageKnown, violations, staleRejected: rejections.length, rejections,
        staleAttempts: stale.length, lockServiceViolations: lockViolations, writes: accepted,
    };
}
//# sourceMappingURL=fencing-checker.js.map