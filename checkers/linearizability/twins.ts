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
 * just before it, or -1 when it has none. `bitOf[i]` is operation i's bit.
 * Inputs are equal when `exactKey` gives them the same key; an input it
 * cannot key has no twin.
 */
export function twinBits(ops: readonly Operation<unknown, unknown>[], bitOf: Int32Array): Int32Array {
  const twin = new Int32Array(ops.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < ops.length; i++) if (ops[i]!.return === Infinity && isUnknown(ops[i]!.output)) open.push(i);
  if (open.length < 2) return twin;
  open.sort((a, b) => ops[a]!.call - ops[b]!.call || a - b);
  const last = new Map<string, number>();
  for (const i of open) {
    const key = exactKey(ops[i]!.input);
    if (key === undefined) continue;
    const before = last.get(key);
    if (before !== undefined) twin[i] = bitOf[before]!;
    last.set(key, i);
  }
  return twin;
}

/**
 * A key equal for two values exactly when they are equal data: strings,
 * numbers (-0 and 0 apart), bigints, booleans, null, undefined, arrays and
 * plain objects of them, their keys in the same order (a model could read
 * that order). Undefined for anything else (a
 * Map, a class instance, a function): such a value is equal only to itself.
 * Every part delimits itself, so no two values share a key.
 */
export function exactKey(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Object.is(value, -0) ? "n(-0)" : `n(${String(value)})`;
    case "bigint":
      return `b(${String(value)})`;
    case "boolean":
      return value ? "T" : "F";
    case "undefined":
      return "U";
    case "object":
      return value === null ? "Z" : objectKey(value);
    default:
      return undefined;
  }
}

function objectKey(value: object): string | undefined {
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value as unknown[]) {
      const k = exactKey(item);
      if (k === undefined) return undefined;
      parts.push(k);
    }
    return `[${parts.join(",")}]`;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  if (Object.getOwnPropertySymbols(value).length > 0) return undefined;
  const parts: string[] = [];
  for (const name of Object.keys(value)) {
    const k = exactKey((value as Record<string, unknown>)[name]);
    if (k === undefined) return undefined;
    parts.push(`${JSON.stringify(name)}:${k}`);
  }
  return `{${parts.join(",")}}`;
}
