/**
 * Two checks the harness runs from inside the run's network (the harness
 * itself cannot reach node addresses): `waitUntilReady` polls a launched
 * node's `ready()`, and `preflight` takes and releases one lock through the
 * checked client, so a broken adapter fails the run before the workload
 * starts, with the adapter's own error.
 */
import { HarnessError } from "../../harness/core/index.js";
import { sleepUnlessAborted } from "./adapter-helpers.js";
/** The resource the preflight locks; no workload uses it. */
export const PREFLIGHT_RESOURCE = "fencecheck-preflight";
/** Polls `launch.ready()` every 100 ms until it resolves true or `timeoutMs` pass; false on timeout. */
export async function waitUntilReady(launch, timeoutMs) {
    if (!launch.ready)
        return true;
    const deadline = AbortSignal.timeout(timeoutMs);
    while (!deadline.aborted) {
        const ready = await launch.ready().catch(() => false);
        if (ready === true)
            return true;
        await sleepUnlessAborted(100, deadline);
    }
    return false;
}
/**
 * Connects, acquires PREFLIGHT_RESOURCE (waiting up to `timeoutMs`),
 * releases it and closes. Throws `adapter.invalid` for a malformed adapter
 * (from the checked client) and `runtime.node-start-failed` when the
 * service does not grant the lock.
 */
export async function preflight(loaded, endpoints, timeoutMs) {
    const client = await loaded.connect({ endpoints, clientId: "preflight" });
    try {
        const signal = AbortSignal.timeout(timeoutMs);
        let lease;
        try {
            lease = await client.acquire(PREFLIGHT_RESOURCE, { ttlMs: 5000, signal });
        }
        catch (error) {
            if (error instanceof HarnessError)
                throw error;
            const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
            throw new HarnessError("runtime.node-start-failed", `Cannot take a first lock from "${loaded.name}": ${why}`, { cause: error });
        }
        await client.release(PREFLIGHT_RESOURCE, lease, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => undefined);
        return { token: lease.token };
    }
    finally {
        await client.close().catch(() => undefined);
    }
}
//# sourceMappingURL=lock-probe.js.map