/** Parses the agent's configuration (the JSON in FENCECHECK_AGENT). */
import { HarnessError } from "../../harness/core/index.js";
/** Parses and checks `text`; throws `config.invalid` naming the first bad field. */
export function parseAgentConfig(text) {
    if (text === undefined || text.trim() === "")
        throw invalid("FENCECHECK_AGENT is not set");
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch {
        throw invalid("FENCECHECK_AGENT is not JSON");
    }
    if (typeof raw !== "object" || raw === null)
        throw invalid("FENCECHECK_AGENT is not an object");
    const c = raw;
    for (const name of ["clientId", "lockAdapter"]) {
        if (typeof c[name] !== "string" || c[name] === "")
            throw invalid(`"${name}" is not a non-empty string`);
    }
    for (const name of ["lockEndpoints", "storageEndpoints"]) {
        const list = c[name];
        if (!Array.isArray(list) || !list.every((x) => typeof x === "string"))
            throw invalid(`"${name}" is not a list of strings`);
    }
    for (const name of ["ttlMs", "holdMs", "acquireTimeoutMs"]) {
        const n = c[name];
        if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
            throw invalid(`"${name}" is not a non-negative integer`);
    }
    return raw;
}
function invalid(why) {
    return new HarnessError("config.invalid", `Cannot configure the agent: ${why}`);
}
//# sourceMappingURL=agent-config.js.map