/**
 * The lock service's promise, read from the history alone: per resource,
 * acquire tokens are unique, and an acquire that completed before another
 * was invoked got the lower token.
 */
import { compareTokens, pairs, toToken } from "../../harness/core/index.js";
/** Every acquire `ok` with a readable token, in history order. */
export function grants(history) {
    const out = [];
    for (const { invoke, completion } of pairs(history)) {
        if (invoke.f !== "acquire" || completion?.type !== "ok" || typeof invoke.process !== "number")
            continue;
        const v = completion.value;
        const token = toToken(v?.token);
        if (typeof v?.resource !== "string" || token === undefined)
            continue;
        out.push({ process: invoke.process, resource: v.resource, token, invokedAt: invoke.time, grantedAt: completion.time });
    }
    return out;
}
/** All violations of the lock service's promise; pure, O(n log n) per resource. */
export function lockServiceViolations(history) {
    const byResource = new Map();
    for (const g of grants(history)) {
        const list = byResource.get(g.resource) ?? [];
        list.push(g);
        byResource.set(g.resource, list);
    }
    const out = [];
    for (const [resource, gs] of byResource)
        out.push(...duplicates(resource, gs), ...misordered(resource, gs));
    return out;
}
function duplicates(resource, gs) {
    const seen = new Map();
    const out = [];
    for (const g of gs) {
        const first = seen.get(g.token);
        if (first === undefined) {
            seen.set(g.token, g);
            continue;
        }
        out.push({
            kind: "duplicate-token", resource, first, second: g,
            message: `Token "${g.token}" for "${resource}" was granted twice: to client ${first.process} and to client ${g.process}`,
        });
    }
    return out;
}
function misordered(resource, gs) {
    const byGrant = [...gs].sort((a, b) => a.grantedAt - b.grantedAt);
    const byInvoke = [...gs].sort((a, b) => a.invokedAt - b.invokedAt);
    const out = [];
    let max;
    let i = 0;
    for (const g of byInvoke) {
        for (; i < byGrant.length && byGrant[i].grantedAt < g.invokedAt; i++) {
            const done = byGrant[i];
            if (max === undefined || compareTokens(done.token, max.token) > 0)
                max = done;
        }
        // Equal tokens are reported as duplicates already.
        if (max !== undefined && compareTokens(max.token, g.token) > 0) {
            out.push({
                kind: "token-order", resource, first: max, second: g,
                message: `Client ${g.process} was granted "${resource}" with token "${g.token}" after client ${max.process} had been granted token "${max.token}"`,
            });
        }
    }
    return out;
}
//# sourceMappingURL=lock-service-order.js.map