/**
 * The storage service's decisions, pure. `fenced` storage accepts a write
 * only when its token is at least the highest token it has accepted for the
 * key (equal tokens pass: the same holder may write twice); a write without a
 * token is refused. `unfenced` storage accepts everything, like a plain file
 * or an object store without conditions, but still tracks the highest token
 * so the record shows what fencing would have done.
 */
import { compareTokens } from "../../../harness/core/index.js";
/** Creates an empty storage state for `mode`. */
export function createStorageState(mode) {
    const keys = new Map();
    function apply(write) {
        const before = keys.get(write.key);
        keys.set(write.key, {
            writes: (before?.writes ?? 0) + 1, value: write.value, token: write.token, highest: maxToken(before?.highest ?? null, write.token),
        });
    }
    return {
        write(write) {
            const highest = keys.get(write.key)?.highest ?? null;
            if (mode === "fenced") {
                if (write.token === null)
                    return { accepted: false, reason: "missing-token", highest };
                if (highest !== null && compareTokens(write.token, highest) < 0) {
                    return { accepted: false, reason: "stale-token", highest };
                }
            }
            if (mode === "cas") {
                if (write.version === undefined || write.version === null)
                    return { accepted: false, reason: "missing-version", highest };
                if (write.version !== String(keys.get(write.key)?.writes ?? 0))
                    return { accepted: false, reason: "version-conflict", highest };
            }
            apply(write);
            return { accepted: true, highest };
        },
        apply,
        read(key) {
            const entry = keys.get(key);
            return entry ? { value: entry.value, token: entry.token } : { value: null, token: null };
        },
        version: (key) => String(keys.get(key)?.writes ?? 0),
        highest: (key) => keys.get(key)?.highest ?? null,
    };
}
function maxToken(a, b) {
    if (a === null)
        return b;
    if (b === null)
        return a;
    return compareTokens(a, b) >= 0 ? a : b;
}
/** The storage.jsonl line for one decision. */
export function storageRecord(write, decision, context) {
    return {
        time: context.time,
        node: context.node,
        key: write.key,
        value: write.value,
        token: write.token,
        client: write.client,
        accepted: decision.accepted,
        highest: decision.highest,
        ...(decision.accepted ? {} : { reason: decision.reason }),
        mode: context.mode,
    };
}
//# sourceMappingURL=storage-state.js.map