/**
 * A key/value store with get, put and append (porcupine's kv test model).
 * A key's value is a string; absent (nil) reads as the empty string, the
 * default initial value. `kv` partitions the history by key and checks one
 * string per key; `kv-nopartition` keeps the whole map as one state.
 * Failed ops are dropped (Knossos); an unknown output applies put and
 * append and accepts any get. The key comes from the op's `:key`, or from a
 * `[key value]` tuple value (jepsen.independent) when there is no `:key`.
 */
import { mix32 } from "../bitset.js";
import { ILLEGAL, UNKNOWN, isUnknown, type Model, type Operation } from "../model.js";
import { DROP, badOp, type ModelSpec, type OpPair } from "./spec.js";

/** A kv operation: 0 get, 1 put, 2 append. */
export interface KvInput {
  readonly f: 0 | 1 | 2;
  readonly key: string;
  readonly value: string;
}
/** The string a get returned (put and append: ""). */
export type KvOutput = string;

/**
 * A key's value with its polynomial hash (h(s + t) = h(s)·B^|t| + h(t)), so
 * an append hashes only what it appends and never flattens the joined string.
 */
export interface KvValue {
  readonly s: string;
  readonly h: number;
}

/** The whole map: values by key number (undefined: the initial value), and the map's hash. */
export interface KvMap {
  readonly values: readonly (KvValue | undefined)[];
  readonly h: number;
}

const BASE = 0x01000193;

function polyHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
  return h;
}

function basePower(n: number): number {
  let p = 1;
  for (let i = 0; i < n; i++) p = Math.imul(p, BASE);
  return p;
}

function kvValue(s: string): KvValue {
  return { s, h: polyHash(s) };
}

function stepValue(state: KvValue, input: KvInput, output: string | { unknown: true }): KvValue | typeof ILLEGAL {
  if (input.f === 1) return kvValue(input.value);
  if (input.f === 2) return input.value === "" ? state : { s: state.s + input.value, h: (Math.imul(state.h, basePower(input.value.length)) + polyHash(input.value)) | 0 };
  return isUnknown(output) || output === state.s ? state : ILLEGAL;
}

function sameValue(a: KvValue, b: KvValue): boolean {
  return a === b || (a.h === b.h && a.s === b.s);
}

/** The per-key model: state is the key's string; partitions by key. */
export function kvModel(initial: string): Model<KvValue, KvInput, KvOutput> {
  const start = kvValue(initial);
  return {
    init: () => start,
    step: stepValue,
    partition: partitionByKey,
    equal: sameValue,
    hash: valueHash,
    describeOperation: describeKv,
    describeState: (v) => JSON.stringify(v.s),
    stateBytes: valueBytes,
    readOnly: isGet,
  };
}

function isGet(input: KvInput): boolean {
  return input.f === 0;
}

function valueHash(v: KvValue): number {
  return mix32(v.h);
}

function valueBytes(v: KvValue): number {
  return 40 + 2 * v.s.length;
}

/**
 * The whole-map model: one state for all keys (much slower to check). Keys
 * are numbered as the search meets them; a key at its initial value adds
 * nothing to the map's hash, so a map is equal to itself whether or not a
 * key was ever set back to the initial value.
 */
export function kvMapModel(initial: string): Model<KvMap, KvInput, KvOutput> {
  const start = kvValue(initial);
  const numbers = new Map<string, number>();
  const names: string[] = [];
  const number = (key: string): number => {
    let n = numbers.get(key);
    if (n === undefined) {
      n = names.push(key) - 1;
      numbers.set(key, n);
    }
    return n;
  };
  const share = (n: number, v: KvValue): number => (v === start ? 0 : mix32(v.h ^ Math.imul(n + 1, 0x9e3779b1)) - mix32(start.h ^ Math.imul(n + 1, 0x9e3779b1)));
  return {
    init: () => ({ values: [], h: 0 }),
    step(state, input, output) {
      const n = number(input.key);
      const before = state.values[n] ?? start;
      const after = stepValue(before, input, output);
      if (after === ILLEGAL) return ILLEGAL;
      if (after === before) return state;
      const values = state.values.slice();
      values[n] = after;
      return { values, h: (state.h - share(n, before) + share(n, after)) | 0 };
    },
    equal(a, b) {
      if (a.h !== b.h) return false;
      for (let n = Math.max(a.values.length, b.values.length) - 1; n >= 0; n--) {
        if (!sameValue(a.values[n] ?? start, b.values[n] ?? start)) return false;
      }
      return true;
    },
    hash: (m) => mix32(m.h),
    describeOperation: describeKv,
    describeState: (m) => JSON.stringify(Object.fromEntries(m.values.flatMap((v, n) => (v === undefined ? [] : [[names[n]!, v.s]])).sort())),
    stateBytes: (m) => 64 + 8 * m.values.length,
    readOnly: isGet,
  };
}

/** Groups operations by their input's key, in order of first appearance. */
export function partitionByKey<O>(ops: readonly Operation<KvInput, O>[]): Operation<KvInput, O>[][] {
  const groups = new Map<string, Operation<KvInput, O>[]>();
  for (const op of ops) {
    const group = groups.get(op.input.key);
    if (group) group.push(op);
    else groups.set(op.input.key, [op]);
  }
  return [...groups.values()];
}

function describeKv(input: KvInput, output: string | { unknown: true }): string {
  const key = JSON.stringify(input.key);
  if (input.f === 0) return `get(${key}) -> ${isUnknown(output) ? "?" : JSON.stringify(output)}`;
  return `${input.f === 1 ? "put" : "append"}(${key}, ${JSON.stringify(input.value)})`;
}

function kvText(value: unknown, what: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return badOp(`a kv ${what} must be a string, got ${JSON.stringify(value) ?? String(value)}`);
}

function keyAndValue(op: OpPair, value: unknown): [string, unknown] {
  if (op.key !== undefined) return [kvText(op.key, "key"), value];
  if (Array.isArray(value) && value.length === 2) return [kvText(value[0], "key"), value[1]];
  return badOp(`a kv op needs a key (":key" or a [key value] tuple)`);
}

function kvInput(op: OpPair): KvInput {
  const f = op.f === "get" || op.f === "read" ? 0 : op.f === "put" || op.f === "write" ? 1 : op.f === "append" ? 2 : -1;
  if (f === -1) return badOp(`the kv model cannot read function "${op.f}"`);
  const [key, value] = keyAndValue(op, op.invokeValue);
  return { f, key, value: f === 0 ? "" : kvText(value, "value") };
}

function kvOutput(op: OpPair, input: KvInput): string | typeof UNKNOWN | typeof DROP {
  if (op.type === "fail") return DROP;
  if (input.f !== 0) return "";
  return kvText(keyAndValue(op, op.value)[1], "value");
}

function initialText(initial: unknown): string {
  return initial === undefined ? "" : kvText(initial, "initial value");
}

/** `kv`: get/put/append partitioned by key. */
export const kvSpec: ModelSpec<KvValue, KvInput, KvOutput> = {
  name: "kv",
  summary: "key/value get, put, append; checked per key",
  fs: ["get", "put", "append"],
  model: (initial) => kvModel(initialText(initial)),
  input: kvInput,
  output: kvOutput,
};

/** `kv-nopartition`: the same store with the whole map as one state. */
export const kvNoPartitionSpec: ModelSpec<KvMap, KvInput, KvOutput> = {
  name: "kv-nopartition",
  summary: "key/value get, put, append; the whole map as one state",
  fs: ["get", "put", "append"],
  model: (initial) => kvMapModel(initialText(initial)),
  input: kvInput,
  output: kvOutput,
};
