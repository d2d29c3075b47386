/**
 * The format-independent op every parser produces: Jepsen's op map cut
 * down to what the checker reads, plus the line it came from.
 */
import { HarnessError, isOpType } from "../../../harness/core/index.js";
/** Every format name. */
export const HISTORY_FORMATS = ["jsonl", "edn", "etcd-log"];
/** Throws input.invalid naming the source and line. */
export function badLine(source, line, why) {
    throw new HarnessError("input.invalid", `Cannot read "${source}" line ${line}: ${why}`);
}
/**
 * Reads a Jepsen op from a decoded map (EDN or JSON). Returns undefined for
 * ops of a non-client process (the nemesis, named by a keyword or string).
 */
export function opFromMap(map, source, line) {
    if (typeof map !== "object" || map === null || Array.isArray(map))
        return badLine(source, line, "not an op map");
    const m = map;
    if (!isOpType(m.type))
        return badLine(source, line, `"type" must be invoke, ok, fail or info, got ${show(m.type)}`);
    if (typeof m.process === "string")
        return undefined;
    if (typeof m.process !== "number" || !Number.isInteger(m.process)) {
        return badLine(source, line, `"process" must be an integer, got ${show(m.process)}`);
    }
    if (typeof m.f !== "string")
        return badLine(source, line, `"f" must be a keyword or string, got ${show(m.f)}`);
    const op = {
        process: m.process,
        type: m.type,
        f: m.f,
        value: m.value ?? null,
        line,
    };
    if ("key" in m)
        op.key = m.key;
    const code = errorCode(m.error);
    if (code !== undefined)
        op.errorCode = code;
    return op;
}
function errorCode(error) {
    if (typeof error === "string")
        return error;
    if (typeof error === "object" && error !== null && !Array.isArray(error)) {
        const code = error.code;
        if (typeof code === "string")
            return code;
    }
    if (Array.isArray(error) && typeof error[0] === "string")
        return error[0];
    return undefined;
}
function show(x) {
    if (x === undefined)
        return "nothing";
    return JSON.stringify(x, (_k, v) => (typeof v === "bigint" ? String(v) : v)) ?? String(x);
}
//# sourceMappingURL=jepsen-op.js.map