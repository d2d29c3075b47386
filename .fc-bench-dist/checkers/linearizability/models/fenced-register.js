/**
 * A register behind fenced storage, one per resource: every write carries
 * the fencing token it was made under, and storage accepts a write only if
 * its token is not below the highest token it has accepted. So an ok write
 * with a token below the maximum is illegal, and a write storage rejected
 * as stale (fail with error code "stale-token") is kept as evidence that a
 * higher token had been accepted (like porcupine's failed etcd cas). Other
 * failures are dropped. A read returns the value and the token of the last
 * accepted write. acquire and release are not storage operations and are
 * left out. An unknown output applies a write when its token is allowed.
 */
import { LOCK_ERRORS, toToken } from "../../../harness/core/index.js";
import { ILLEGAL, isUnknown } from "../model.js";
import { canonical, hashScalar, scalarText } from "../values.js";
import { DROP, badOp } from "./spec.js";
const EMPTY = { value: null, token: null, max: null };
/** The fenced-register model, partitioned by resource. */
export function fencedRegisterModel() {
    return {
        init: () => EMPTY,
        step(state, input, output) {
            if (!input.write) {
                if (isUnknown(output) || typeof output === "boolean")
                    return state;
                const tokenOk = output.token === null || state.token === null || output.token === state.token;
                return output.value === state.value && tokenOk ? state : ILLEGAL;
            }
            const allowed = input.token === null || state.max === null || input.token >= state.max;
            if (output === false)
                return allowed ? ILLEGAL : state;
            if (!allowed)
                return isUnknown(output) ? state : ILLEGAL;
            const max = input.token === null ? state.max : input.token;
            return { value: input.value, token: input.token, max };
        },
        partition: (ops) => groupBy(ops, (op) => op.input.resource),
        equal: (a, b) => a.value === b.value && a.token === b.token && a.max === b.max,
        hash: (s) => (hashScalar(s.value) ^ Math.imul(hashScalar(s.token), 3) ^ Math.imul(hashScalar(s.max), 7)) >>> 0,
        describeOperation(input, output) {
            const out = isUnknown(output) ? "?" : typeof output === "boolean" ? (output ? "ok" : "stale") : readText(output);
            if (!input.write)
                return `read(${input.resource}) -> ${out}`;
            return `write(${input.resource}, ${scalarText(input.value)}, token ${input.token ?? "?"}) -> ${out}`;
        },
        describeState: (s) => `${scalarText(s.value)} (token ${s.token ?? "none"}, max ${s.max ?? "none"})`,
    };
}
function readText(o) {
    return `${scalarText(o.value)} @ ${o.token ?? "?"}`;
}
function groupBy(items, keyOf) {
    const groups = new Map();
    for (const item of items) {
        const k = keyOf(item);
        const g = groups.get(k);
        if (g)
            g.push(item);
        else
            groups.set(k, [item]);
    }
    return [...groups.values()];
}
function field(value, name) {
    return typeof value === "object" && value !== null ? value[name] : undefined;
}
function tokenOf(value) {
    const raw = field(value, "token");
    if (raw === undefined || raw === null)
        return null;
    const t = toToken(raw);
    return t === undefined ? badOp(`a token must be an integer, got ${JSON.stringify(raw) ?? String(raw)}`) : BigInt(t);
}
function fencedInput(op) {
    if (op.f === "acquire" || op.f === "release")
        return DROP;
    if (op.f !== "read" && op.f !== "write")
        return badOp(`the fenced-register model cannot read function "${op.f}"`);
    const resource = op.key ?? field(op.invokeValue, "resource");
    if (typeof resource !== "string")
        return badOp(`a lock op needs a "resource" string`);
    const write = op.f === "write";
    const token = write ? (tokenOf(op.value) ?? tokenOf(op.invokeValue)) : null;
    return { write, resource, value: write ? canonical(field(op.invokeValue, "value")) : null, token };
}
/** `fenced-register`: writes carry tokens; storage rejects stale ones. */
export const fencedRegisterSpec = {
    name: "fenced-register",
    summary: "register per resource behind fenced storage: writes carry tokens",
    fs: ["read", "write", "acquire", "release"],
    model: () => fencedRegisterModel(),
    input: fencedInput,
    output(op, input) {
        if (op.type === "fail")
            return input.write && op.errorCode === LOCK_ERRORS.staleToken ? false : DROP;
        if (input.write)
            return true;
        return { value: canonical(field(op.value, "value")), token: tokenOf(op.value) };
    },
};
/** The resource of a fenced-register operation (for labels). */
export function fencedResource(op) {
    return op.input.resource;
}
//# sourceMappingURL=fenced-register.js.map