import { field, stringField } from "../serve-json.js";
const MAX_TTL_MS = 3_600_000;
/** Builds the route: POST /acquire, POST /release, GET /health. */
export function lockRoute(deps) {
    return (request) => {
        if (request.method === "GET" && request.path === "/health")
            return { status: 200, body: { ok: true } };
        if (request.method === "POST" && request.path === "/acquire")
            return acquire(deps, request.body);
        if (request.method === "POST" && request.path === "/release")
            return release(deps, request.body);
        return { status: 404, body: { error: "not-found" } };
    };
}
function acquire(deps, body) {
    const resource = stringField(body, "resource");
    const client = stringField(body, "client");
    const ttlMs = field(body, "ttlMs");
    if (!resource || !client || typeof ttlMs !== "number" || !Number.isInteger(ttlMs) || ttlMs <= 0 || ttlMs > MAX_TTL_MS) {
        return { status: 400, body: { error: "bad-request" } };
    }
    const result = deps.table.acquire(resource, client, ttlMs);
    if (result.kind === "busy") {
        const answer = { error: "busy", holder: result.holder, token: result.token.toString(), remainingMs: result.remainingMs };
        return { status: 409, body: answer, log: `${resource} ${client} busy holder=${result.holder}` };
    }
    deps.persist();
    const token = result.token.toString();
    const time = deps.harnessNowNs?.();
    deps.recordGrant({ resource, client, token, grantedAtMs: result.grantedAtMs, ttlMs, ...(time === undefined ? {} : { time }) });
    return { status: 200, body: { token, ttlMs }, log: `${resource} ${client} token=${token}` };
}
function release(deps, body) {
    const resource = stringField(body, "resource");
    const client = stringField(body, "client");
    const token = stringField(body, "token");
    if (!resource || !client || !token || !/^\d+$/.test(token))
        return { status: 400, body: { error: "bad-request" } };
    const result = deps.table.release(resource, client, BigInt(token));
    if (result.kind === "not-holder") {
        const answer = {
            error: "not-holder",
            ...(result.holder === undefined ? {} : { holder: result.holder }),
            ...(result.token === undefined ? {} : { token: result.token.toString() }),
        };
        return { status: 409, body: answer, log: `${resource} ${client} not-holder` };
    }
    deps.persist();
    return { status: 200, body: { released: true }, log: `${resource} ${client} token=${token}` };
}
//# sourceMappingURL=lock-route.js.map