/**
 * Single registers: `register` (read/write), `cas-register` (read, write,
 * cas) and `etcd-register` (the CAS register as porcupine reads etcd logs).
 *
 * Failed operations:
 * - register, cas-register follow Knossos: a `fail` certainly did not
 *   happen, so it is dropped; an ok read of nil is accepted whatever the
 *   state (Knossos reads nil as "nothing observed").
 * - etcd-register follows porcupine's etcd harness: a failed cas stays in
 *   the history as evidence that the compare failed (output `false`: legal
 *   only when the register did not hold the expected value); a failed read
 *   returns with an unknown output; a failed write is dropped; reads are
 *   strict (nil means the key was absent).
 * An unknown output (info) applies a write, applies a cas when the compare
 * holds and otherwise leaves the state alone, and accepts any read.
 */
import { ILLEGAL, UNKNOWN, isUnknown } from "../model.js";
import { canonical, hashScalar, scalarText } from "../values.js";
import { DROP, badOp } from "./spec.js";
/** The register model starting at `initial`. */
export function registerModel(initial) {
    return {
        init: () => initial,
        step(state, input, output) {
            if (input.f === 1)
                return input.a;
            if (input.f === 0)
                return isUnknown(output) || output === state ? state : ILLEGAL;
            const holds = state === input.a;
            if (isUnknown(output))
                return holds ? input.b : state;
            if (output === true)
                return holds ? input.b : ILLEGAL;
            return holds ? ILLEGAL : state;
        },
        hash: hashScalar,
        describeOperation(input, output) {
            const out = isUnknown(output) ? "?" : scalarText(output);
            if (input.f === 0)
                return `read() -> ${out}`;
            if (input.f === 1)
                return `write(${scalarText(input.a)})`;
            return `cas(${scalarText(input.a)}, ${scalarText(input.b)}) -> ${out}`;
        },
        describeState: scalarText,
        stateBytes: (s) => (typeof s === "string" ? 24 + 2 * s.length : 16),
    };
}
function registerInput(op, allowCas) {
    if (op.f === "read")
        return { f: 0, a: null, b: null };
    if (op.f === "write")
        return { f: 1, a: canonical(op.invokeValue), b: null };
    if (op.f === "cas" && allowCas) {
        const [a, b] = casPair(op.invokeValue);
        return { f: 2, a, b };
    }
    return badOp(`the model cannot read function "${op.f}"`);
}
function casPair(value) {
    if (Array.isArray(value) && value.length === 2)
        return [canonical(value[0]), canonical(value[1])];
    if (typeof value === "object" && value !== null && "from" in value && "to" in value) {
        const v = value;
        return [canonical(v.from), canonical(v.to)];
    }
    return badOp(`a cas value must be a pair [from to], got ${JSON.stringify(value) ?? String(value)}`);
}
function knossosSpec(name, allowCas) {
    return {
        name,
        summary: allowCas ? "Knossos CAS register: read, write, cas" : "Knossos register: read, write",
        fs: allowCas ? ["read", "write", "cas"] : ["read", "write"],
        model: (initial) => registerModel(canonical(initial)),
        input: (op) => registerInput(op, allowCas),
        output(op, input) {
            if (op.type === "fail")
                return DROP;
            if (input.f === 0)
                return op.value === null || op.value === undefined ? UNKNOWN : canonical(op.value);
            return input.f === 2 ? true : null;
        },
    };
}
/** Knossos's register (read/write); fails dropped. */
export const registerSpec = knossosSpec("register", false);
/** Knossos's CAS register; fails dropped. */
export const casRegisterSpec = knossosSpec("cas-register", true);
/** The CAS register as porcupine reads Jepsen's etcd logs; failed cas kept as evidence. */
export const etcdRegisterSpec = {
    name: "etcd-register",
    summary: "etcd CAS register as porcupine reads Jepsen etcd logs (failed cas = compare failed)",
    fs: ["read", "write", "cas"],
    model: (initial) => registerModel(canonical(initial)),
    input: (op) => registerInput(op, true),
    output(op, input) {
        if (op.type === "fail")
            return input.f === 2 ? false : input.f === 0 ? UNKNOWN : DROP;
        if (input.f === 0)
            return canonical(op.value);
        return input.f === 2 ? true : null;
    },
};
//# sourceMappingURL=register.js.map