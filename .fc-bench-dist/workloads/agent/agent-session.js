import { LOCK_ERRORS } from "../../harness/core/index.js";
import { classifyError } from "../adapters/lock-error.js";
/** Creates a session; the remembered leases live in its closure. */
export function createAgentSession(deps) {
    const leases = new Map();
    // The version each resource's last read saw: a `cas` storage accepts a write only against it.
    const versions = new Map();
    const timeout = deps.timeout ?? ((ms) => AbortSignal.timeout(ms));
    const { config } = deps;
    async function acquire(id, resource) {
        const signal = timeout(config.acquireTimeoutMs);
        const askedAtMs = deps.nowMs();
        try {
            const lease = await deps.lock.acquire(resource, { ttlMs: config.ttlMs, signal });
            leases.set(resource, { ...lease, validUntilMs: askedAtMs + config.ttlMs });
            return { id, type: "ok", value: { resource, token: lease.token } };
        }
        catch (error) {
            return errorReply(id, { resource }, error);
        }
    }
    async function read(id, resource) {
        const result = await deps.storage.read(resource);
        if (result.kind === "value") {
            if (result.version !== undefined)
                versions.set(resource, result.version);
            return { id, type: "ok", value: { resource, value: result.value, token: result.token } };
        }
        const code = result.timedOut ? LOCK_ERRORS.timeout : "unavailable";
        // A read changes nothing, so one without an answer certainly had no effect.
        return { id, type: "fail", value: { resource }, error: { code, message: result.message, definite: true } };
    }
    async function write(id, resource, value) {
        const lease = leases.get(resource);
        if (!lease)
            return notHolder(id, { resource, value });
        await deps.sleep(config.holdMs);
        const check = config.leaseCheck ?? "none";
        if (check !== "none" && deps.nowMs() >= lease.validUntilMs) {
            const message = `Lease on "${resource}" (token ${lease.token}) expired by this client's clock before the write`;
            if (check === "self-fence")
                deps.selfFence(message);
            leases.delete(resource);
            return { id, type: "fail", value: { resource, value, token: lease.token }, error: { code: LOCK_ERRORS.leaseExpired, message, definite: true } };
        }
        if (config.writeDelayMs)
            await deps.sleep(config.writeDelayMs);
        const written = { resource, value, token: lease.token };
        const version = versions.get(resource);
        const request = { key: resource, value, token: lease.token, client: config.clientId, ...(version !== undefined ? { version } : {}) };
        const result = await deps.storage.write(request);
        if (result.kind === "accepted")
            return { id, type: "ok", value: written };
        if (result.kind === "rejected") {
            const message = `Cannot write "${resource}" with token "${lease.token}": storage holds token "${result.highest ?? "none"}"`;
            return { id, type: "fail", value: written, error: { code: result.reason, message, definite: true } };
        }
        const code = result.timedOut ? LOCK_ERRORS.timeout : "unavailable";
        return { id, type: "info", value: written, error: { code, message: result.message, definite: false } };
    }
    async function release(id, resource) {
        const lease = leases.get(resource);
        if (!lease)
            return notHolder(id, { resource });
        leases.delete(resource);
        const value = { resource, token: lease.token };
        try {
            await deps.lock.release(resource, lease, { signal: timeout(config.acquireTimeoutMs) });
            return { id, type: "ok", value };
        }
        catch (error) {
            return errorReply(id, value, error);
        }
    }
    async function dispatch(request) {
        const { id, f } = request;
        const v = (request.value ?? {});
        const known = f === "acquire" || f === "read" || f === "write" || f === "release";
        if (!known)
            return definiteFail(id, request.value, "unknown-f", `Cannot run op "${f}": unknown f`);
        if (typeof v.resource !== "string")
            return definiteFail(id, request.value, "bad-request", `Cannot run op "${f}": no resource`);
        if (f === "acquire")
            return acquire(id, v.resource);
        if (f === "read")
            return read(id, v.resource);
        if (f === "release")
            return release(id, v.resource);
        if (typeof v.value !== "string")
            return definiteFail(id, request.value, "bad-request", `Cannot run op "write": no string value`);
        return write(id, v.resource, v.value);
    }
    return {
        async handle(request) {
            try {
                return await dispatch(request);
            }
            catch (error) {
                return errorReply(request.id, request.value, error);
            }
        },
        close: () => deps.lock.close(),
    };
}
function notHolder(id, value) {
    const resource = value.resource;
    return definiteFail(id, value, LOCK_ERRORS.notHolder, `Cannot use "${resource}": this client holds no lease on it`);
}
function definiteFail(id, value, code, message) {
    return { id, type: "fail", value, error: { code, message, definite: true } };
}
/** `fail` for an error that says it is definite, `info` for anything else. */
function errorReply(id, value, error) {
    const { code, definite } = classifyError(error);
    const message = error instanceof Error ? (error.message.split("\n")[0] ?? code) : String(error);
    const opError = { code, message, definite };
    return { id, type: definite ? "fail" : "info", value, error: opError };
}
//# sourceMappingURL=agent-session.js.map