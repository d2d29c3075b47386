/**
 * A client of the storage service (workloads/services/storage). With several
 * storage endpoints, a key always goes to the same one (a stable hash of the
 * key). Results are data: a definite rejection is told apart from a request
 * that got no answer, which may or may not have been applied.
 */
import { HarnessError } from "../../harness/core/index.js";
import { endpointUrl } from "./endpoint-url.js";
import { HttpUnanswered, requestJson } from "./http-json.js";
import { stableHash } from "./stable-hash.js";
/** Creates the client; throws `config.invalid` without endpoints. */
export function createStorageClient(options) {
    const endpoints = options.endpoints.map(endpointUrl);
    const timeoutMs = options.timeoutMs ?? 2000;
    if (endpoints.length === 0)
        throw new HarnessError("config.invalid", "Cannot create a storage client: no storage endpoints");
    const endpointFor = (key) => endpoints[stableHash(key) % endpoints.length];
    return {
        endpointFor,
        async read(key, signal) {
            const url = `${endpointFor(key)}/read?key=${encodeURIComponent(key)}`;
            try {
                const answer = await requestJson({ method: "GET", url, timeoutMs, ...(signal ? { signal } : {}) });
                const body = answer.body;
                if (answer.status !== 200 || body === undefined)
                    return unanswered(`GET ${url}: status ${answer.status}`, false);
                const version = "version" in body ? { version: stringOrNull(body.version) } : {};
                return { kind: "value", value: stringOrNull(body.value), token: stringOrNull(body.token), ...version };
            }
            catch (error) {
                return unansweredFrom(error);
            }
        },
        async write(request, signal) {
            const url = `${endpointFor(request.key)}/write`;
            try {
                const answer = await requestJson({ method: "POST", url, body: request, timeoutMs, ...(signal ? { signal } : {}) });
                const body = answer.body;
                const highest = stringOrNull(body?.highest);
                if (answer.status === 200)
                    return { kind: "accepted", highest };
                if (answer.status === 409)
                    return { kind: "rejected", reason: String(body?.reason ?? "rejected"), highest };
                // Any other 4xx refused the request outright; a 5xx may have acted on it.
                if (answer.status >= 400 && answer.status < 500)
                    return { kind: "rejected", reason: `status-${answer.status}`, highest };
                return unanswered(`POST ${url}: status ${answer.status}`, false);
            }
            catch (error) {
                return unansweredFrom(error);
            }
        },
    };
}
function stringOrNull(x) {
    return typeof x === "string" ? x : null;
}
function unanswered(message, timedOut) {
    return { kind: "unanswered", message, timedOut };
}
function unansweredFrom(error) {
    if (error instanceof HttpUnanswered)
        return unanswered(error.message, error.timedOut);
    throw error;
}
//# sourceMappingURL=storage-client.js.map