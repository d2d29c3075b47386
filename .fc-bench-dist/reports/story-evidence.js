/** Lookups in a history that the story needs: grants, writes and pauses. */
import { pairs } from "../harness/core/index.js";
/** The acquire ok of `client` (process id as a string) on `resource` with `token`. */
export function findGrant(history, client, resource, token) {
    for (const { invoke, completion } of pairs(history)) {
        if (invoke.f !== "acquire" || String(invoke.process) !== client || completion?.type !== "ok")
            continue;
        const v = completion.value;
        if (v?.resource === resource && String(v.token) === token) {
            return { node: invoke.node, invokedAt: invoke.time, grantedAt: completion.time };
        }
    }
    return undefined;
}
/** The invoke time of `client`'s write of `value` to `resource`. */
export function findWrite(history, client, resource, value) {
    const op = history.find((o) => o.type === "invoke" && o.f === "write" && String(o.process) === client
        && o.value?.resource === resource && o.value?.value === value);
    return op ? { invokedAt: op.time } : undefined;
}
function hasNode(value, node) {
    const nodes = value?.nodes;
    return Array.isArray(nodes) && nodes.includes(node);
}
/** The last pause of `node` invoked within [from, to], with its resume. */
export function findPause(history, node, from, to) {
    const pause = history.filter((o) => o.process === "nemesis" && o.type === "invoke" && o.f === "pause"
        && o.time >= from && o.time <= to && hasNode(o.value, node)).at(-1);
    if (pause === undefined)
        return undefined;
    const resume = history.find((o) => o.process === "nemesis" && o.type !== "invoke" && o.f === "resume"
        && o.time >= pause.time && hasNode(o.value, node));
    const d = pause.value?.durationMs;
    const durationMs = typeof d === "number" ? d : resume ? (resume.time - pause.time) / 1e6 : undefined;
    return { at: pause.time, durationMs, wokeAt: resume?.time };
}
//# sourceMappingURL=story-evidence.js.map