/**
 * Knossos's multi-register: a map of registers; each op (`txn`) is a list of
 * micro-ops `[f key value]` with f read or write, applied in order. As in
 * Knossos a read of nil observes nothing. An ok op is judged on its
 * completion's micro-ops (reads filled in). An unknown output runs the
 * invocation's micro-ops when its reads hold and otherwise changes nothing
 * (Knossos may linearize an info op or leave it out). Failed ops are dropped.
 */
import { ILLEGAL, isUnknown, type Model, type Output } from "../model.js";
import { canonical, hashScalar, hashString, scalarText, type Scalar } from "../values.js";
import { DROP, badOp, type ModelSpec } from "./spec.js";

/** One micro-op: read (`write: false`) or write of `value` at `key`. */
export interface MicroOp {
  readonly write: boolean;
  readonly key: string;
  readonly value: Scalar;
}

type Registers = Readonly<Record<string, Scalar>>;

/** The multi-register model starting at `initial` (a map of key to value). */
export function multiRegisterModel(initial: Registers): Model<Registers, readonly MicroOp[], readonly MicroOp[]> {
  return {
    init: () => initial,
    step: multiStep,
    equal: sameRegisters,
    hash: registersHash,
    readOnly: readsOnly,
    describeOperation: (input, output) => describeMicroOps(isUnknown(output) ? input : output),
    describeState: (s) => `{${Object.keys(s).sort().map((k) => `${k} ${scalarText(s[k] ?? null)}`).join(", ")}}`,
  };
}

// Module functions, shared by every model, so the search's optimized code stays valid across histories.
function multiStep(state: Registers, input: readonly MicroOp[], output: Output<readonly MicroOp[]>): Registers | typeof ILLEGAL {
  const unseen = isUnknown(output);
  let next = state;
  for (const op of unseen ? input : output) {
    if (op.write) next = { ...next, [op.key]: op.value };
    else if (op.value !== null && (next[op.key] ?? null) !== op.value) return unseen ? state : ILLEGAL;
  }
  return next;
}

/** A txn of reads only: no state changes under it. */
function readsOnly(input: readonly MicroOp[], output: Output<readonly MicroOp[]>): boolean {
  return (isUnknown(output) ? input : output).every((op) => !op.write);
}

function sameRegisters(a: Registers, b: Registers): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && a[k] === b[k]);
}

function registersHash(state: Registers): number {
  let h = 0;
  for (const k in state) h = (h + Math.imul(hashString(k), 31) + hashScalar(state[k] ?? null)) | 0;
  return h >>> 0;
}

function describeMicroOps(ops: readonly MicroOp[]): string {
  return `[${ops.map((o) => `[${o.write ? "w" : "r"} ${o.key} ${scalarText(o.value)}]`).join(" ")}]`;
}

function microOps(value: unknown): MicroOp[] {
  if (!Array.isArray(value)) return badOp(`a txn value must be a vector of [f key value], got ${JSON.stringify(value)}`);
  return value.map((m: unknown) => {
    if (!Array.isArray(m) || m.length !== 3 || (m[0] !== "read" && m[0] !== "write" && m[0] !== "r" && m[0] !== "w")) {
      return badOp(`a micro-op must be [read|write key value], got ${JSON.stringify(m)}`);
    }
    return { write: m[0] === "write" || m[0] === "w", key: String(m[1]), value: canonical(m[2]) };
  });
}

function initialRegisters(initial: unknown): Registers {
  if (initial === undefined || initial === null) return {};
  if (typeof initial !== "object" || Array.isArray(initial)) return badOp("a multi-register initial value must be a map");
  const out: Record<string, Scalar> = {};
  for (const [k, v] of Object.entries(initial)) out[k] = canonical(v);
  return out;
}

/** `multi-register`: Knossos's map of registers with txn micro-ops. */
export const multiRegisterSpec: ModelSpec<Registers, readonly MicroOp[], readonly MicroOp[]> = {
  name: "multi-register",
  summary: "Knossos multi-register: txn of [read|write key value] micro-ops",
  fs: ["txn"],
  model: (initial) => multiRegisterModel(initialRegisters(initial)),
  input(op) {
    if (op.f !== "txn") return badOp(`the multi-register model cannot read function "${op.f}"`);
    return microOps(op.invokeValue);
  },
  output: (op) => (op.type === "fail" ? DROP : microOps(op.value)),
};
