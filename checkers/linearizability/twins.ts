/**
 * Twins: operations that never returned, with equal inputs. The search tries
 * twins only in call order (a twin is not tried while the twin called before
 * it is not yet linearized), which spares it every order of a set of
 * identical pending writes, as Jepsen's logs hold many (etcd_002: 19 ops
 * never returned, among them four writes of 3).
 *
 * Why no linearization is lost: take any linearization and give the
 * positions its twins of one class hold, in order, to the class's
 * operations in call order. The model sees the same inputs and outputs
 * (unknown) at the same positions, so it accepts it as before. Real time
 * holds: a twin never returned, so nothing must follow it; and the twin now
 * at the k-th of these positions, o_k, was called no later than some twin
 * the old order put at or before that position (the first k positions held
 * k twins), so whatever returned before o_k was called returned before that
 * twin was called, and already came before. The argument is about
 * linearizations, not the search's path, so the cache (failed
 * configurations) and the commitment to read-only operations (search.ts)
 * keep their own arguments: a configuration the search reaches has its
 * linearized twins a call-order prefix of each class, and any completion of
 * it has a completion in call order.
 */
import { isUnknown, type Operation } from "./model.js";

/**
 * For each operation, the bit (its call node's `bit`) of the twin called
 * just before it, or -1 when it has none, written to `twin` (one word per
 * operation) and returned. `bitOf[i]` is operation i's bit. Inputs are
 * equal when `sameData` says so.
 */
export function twinBits(ops: readonly Operation<unknown, unknown>[], bitOf: Int32Array, twin = new Int32Array(ops.length)): Int32Array {
  twin.fill(-1);
  const open: number[] = [];
  for (let i = 0; i < ops.length; i++) if (ops[i]!.return === Infinity && isUnknown(ops[i]!.output)) open.push(i);
  if (open.length < 2) return twin;
  open.sort((a, b) => ops[a]!.call - ops[b]!.call || a - b);
  // Per hash of an input, the latest operation of each class of equal inputs met so far.
  const latest = new Map<number, number[]>();
  for (const i of open) {
    const input = ops[i]!.input;
    const h = dataHash(input);
    const bucket = latest.get(h);
    if (bucket === undefined) {
      latest.set(h, [i]);
      continue;
    }
    const k = bucket.findIndex((j) => sameData(ops[j]!.input, input));
    if (k === -1) bucket.push(i);
    else {
      twin[i] = bitOf[bucket[k]!]!;
      bucket[k] = i;
    }
  }
  return twin;
}

/**
 * True when `a` and `b` are the same value (Object.is: -0 and 0 apart), or
 * arrays, or plain objects with their keys in the same order (a model could
 * read that order), whose parts are the same data. Any other two objects
 * (Maps, class instances) are the same data only when they are one object.
 */
export function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  // Past this depth (or in a cycle) the answer is "not the same": a twin missed costs time, never a verdict.
  if (depth > MAX_DEPTH || typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const d = depth + 1;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, k) => sameData(x, b[k], d));
  if (Array.isArray(b) || !plain(a) || !plain(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((name, k) => name === kb[k] && sameData((a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name], d));
}

const MAX_DEPTH = 32;

function plain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && Object.getOwnPropertySymbols(value).length === 0;
}

/** A 32-bit hash equal for values `sameData` calls equal (and, unlike a key, built without allocating for numbers). */
export function dataHash(value: unknown, depth = 0): number {
  if (depth > MAX_DEPTH) return 5;
  switch (typeof value) {
    case "number":
      return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? mix(0x1234567, value | 0) : stringHash(String(value));
    case "string":
      return mix(0x2345678, stringHash(value));
    case "bigint":
      return mix(0x3456789, stringHash(String(value)));
    case "boolean":
      return value ? 1 : 2;
    case "object":
      if (value === null) return 3;
      if (Array.isArray(value)) return (value as unknown[]).reduce<number>((h, x) => mix(h, dataHash(x, depth + 1)), 0x4567890);
      // Plain or not: a class instance equals only itself, and gets a hash of its keys' values like any object.
      return Object.keys(value).reduce((h, name) => mix(mix(h, stringHash(name)), dataHash((value as Record<string, unknown>)[name], depth + 1)), 0x5678901);
    default:
      return 4;
  }
}

function stringHash(s: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  return h | 0;
}

function mix(h: number, x: number): number {
  return Math.imul(h ^ x, 0x9e3779b1) ^ (h >>> 15);
}
