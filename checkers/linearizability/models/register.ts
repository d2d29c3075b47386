/**
 * Single registers: `register` (read/write), `cas-register` (read, write,
 * cas) and `etcd-register` (the CAS register as porcupine reads etcd logs).
 *
 * Failed operations:
 * - register, cas-register follow Knossos: a `fail` certainly did not
 *   happen, so it is dropped; an ok read of nil is accepted whatever the
 *   state (Knossos reads nil as "nothing observed"); an ok write or cas is
 *   read from its completion's value when it has one.
 * - etcd-register follows porcupine's etcd harness: a failed cas stays in
 *   the history as evidence that the compare failed (output `false`: legal
 *   only when the register did not hold the expected value); a failed read
 *   returns with an unknown output; a failed write is dropped; reads are
 *   strict (nil means the key was absent).
 * An unknown output (info) applies a write, applies a cas when the compare
 * holds and otherwise leaves the state alone, and accepts any read.
 */
import { ILLEGAL, UNKNOWN, isUnknown, type Model, type Output } from "../model.js";
import { canonical, hashScalar, scalarText, type Scalar } from "../values.js";
import { DROP, badOp, type ModelSpec, type OpPair } from "./spec.js";

/** A register operation: 0 read, 1 write `a`, 2 cas from `a` to `b`. */
export interface RegisterInput {
  readonly f: 0 | 1 | 2;
  readonly a: Scalar;
  readonly b: Scalar;
}
/** Read: the value; cas: whether the compare held; write: null. */
export type RegisterOutput = Scalar;

/** The register model starting at `initial`. */
export function registerModel(initial: Scalar): Model<Scalar, RegisterInput, RegisterOutput> {
  return {
    init: () => initial,
    step: registerStep,
    hash: hashScalar,
    describeOperation: describeRegisterOp,
    describeState: scalarText,
    stateBytes: registerStateBytes,
    readOnly: isRead,
  };
}

// Module functions, not closures: every register model shares them, so the
// search's optimized code stays valid from one history to the next.
function registerStep(state: Scalar, input: RegisterInput, output: Output<RegisterOutput>): Scalar | typeof ILLEGAL {
  if (input.f === 1) return input.a;
  if (input.f === 0) return isUnknown(output) || output === state ? state : ILLEGAL;
  const holds = state === input.a;
  if (isUnknown(output)) return holds ? input.b : state;
  if (output === true) return holds ? input.b : ILLEGAL;
  return holds ? ILLEGAL : state;
}

/** A read, or a cas whose compare failed (etcd-register): no state changes under either. */
function isRead(input: RegisterInput, output: Output<RegisterOutput>): boolean {
  return input.f === 0 || (input.f === 2 && output === false);
}

function describeRegisterOp(input: RegisterInput, output: Output<RegisterOutput>): string {
  const out = isUnknown(output) ? "?" : scalarText(output);
  if (input.f === 0) return `read() -> ${out}`;
  if (input.f === 1) return `write(${scalarText(input.a)})`;
  return `cas(${scalarText(input.a)}, ${scalarText(input.b)}) -> ${out}`;
}

function registerStateBytes(s: Scalar): number {
  return typeof s === "string" ? 24 + 2 * s.length : 16;
}

function registerInput(op: OpPair, allowCas: boolean): RegisterInput {
  if (op.f === "read") return { f: 0, a: null, b: null };
  if (op.f === "write") return { f: 1, a: canonical(op.invokeValue), b: null };
  if (op.f === "cas" && allowCas) {
    const [a, b] = casPair(op.invokeValue);
    return { f: 2, a, b };
  }
  return badOp(`the model cannot read function "${op.f}"`);
}

function casPair(value: unknown): [Scalar, Scalar] {
  if (Array.isArray(value) && value.length === 2) return [canonical(value[0]), canonical(value[1])];
  if (typeof value === "object" && value !== null && "from" in value && "to" in value) {
    const v = value as { from: unknown; to: unknown };
    return [canonical(v.from), canonical(v.to)];
  }
  return badOp(`a cas value must be a pair [from to], got ${JSON.stringify(value) ?? String(value)}`);
}

function knossosSpec(name: string, allowCas: boolean): ModelSpec<Scalar, RegisterInput, RegisterOutput> {
  return {
    name,
    summary: allowCas ? "Knossos CAS register: read, write, cas" : "Knossos register: read, write",
    fs: allowCas ? ["read", "write", "cas"] : ["read", "write"],
    model: (initial) => registerModel(canonical(initial)),
    // Knossos fills an invocation with its ok completion's value (when the completion has one).
    input: (op) => registerInput(op.type === "ok" && op.value !== null && op.value !== undefined ? { ...op, invokeValue: op.value } : op, allowCas),
    output(op, input) {
      if (op.type === "fail") return DROP;
      if (input.f === 0) return op.value === null || op.value === undefined ? UNKNOWN : canonical(op.value);
      return input.f === 2 ? true : null;
    },
  };
}

/** Knossos's register (read/write); fails dropped. */
export const registerSpec = knossosSpec("register", false);

/** Knossos's CAS register; fails dropped. */
export const casRegisterSpec = knossosSpec("cas-register", true);

/** The CAS register as porcupine reads Jepsen's etcd logs; failed cas kept as evidence. */
export const etcdRegisterSpec: ModelSpec<Scalar, RegisterInput, RegisterOutput> = {
  name: "etcd-register",
  summary: "etcd CAS register as porcupine reads Jepsen etcd logs (failed cas = compare failed)",
  fs: ["read", "write", "cas"],
  model: (initial) => registerModel(canonical(initial)),
  input: (op) => registerInput(op, true),
  output(op, input) {
    if (op.type === "fail") return input.f === 2 ? false : input.f === 0 ? UNKNOWN : DROP;
    if (input.f === 0) return canonical(op.value);
    return input.f === 2 ? true : null;
  },
};
