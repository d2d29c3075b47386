/**
 * An op's fields read one at a time by position, for passes over long
 * histories that need a few fields of every op: over a history held as
 * columns (`historyView`) each field comes from its column and no op is
 * made (a value is parsed from its JSON when asked for); over an array of
 * ops, from the op. Either way `fields.f(i)` is `history[i].f`. Pure.
 */
import type { CompactHistory } from "./compact-history.js";
import { compactOf } from "./compact-view.js";
import type { Op, OpError, OpType, ProcessId } from "./op.js";

/** history.ts's `History`, spelled here: history.ts pairs ops with `pairPositions`, so this file cannot import it. */
type History = readonly Op[];

/** Field readers of the history's op `i` (0 <= i < length). */
export interface OpFields {
  readonly length: number;
  time(i: number): number;
  type(i: number): OpType;
  f(i: number): string;
  process(i: number): ProcessId;
  node(i: number): string | undefined;
  /** The op's error (fail and info ops; undefined otherwise or when it has none). */
  error(i: number): OpError | undefined;
  value(i: number): unknown;
}

function columnFields(c: CompactHistory): OpFields {
  return {
    length: c.length,
    time: (i) => c.timeOf(i), type: (i) => c.typeOf(i), f: (i) => c.fOf(i), process: (i) => c.processOf(i),
    node: (i) => c.nodeOf(i), error: (i) => c.errorOf(i), value: (i) => c.valueOf(i),
  };
}

/** The field readers of `history`. */
export function opFields(history: History): OpFields {
  const compact = compactOf(history);
  if (compact !== undefined) return columnFields(compact);
  const at = (i: number): History[number] => history[i] as History[number];
  return {
    length: history.length,
    time: (i) => at(i).time, type: (i) => at(i).type, f: (i) => at(i).f, process: (i) => at(i).process,
    node: (i) => at(i).node, error: (i) => { const op = at(i); return op.type === "fail" || op.type === "info" ? op.error : undefined; },
    value: (i) => at(i).value,
  };
}

/** The greatest op time of the history (0 when empty), read from the time column. */
export function lastTime(history: History): number {
  const fields = opFields(history);
  let t = 0;
  for (let i = 0; i < fields.length; i++) t = Math.max(t, fields.time(i));
  return t;
}

/** The nemesis's ops in history order, each made once; the client ops are skipped by their process column. */
export function nemesisOps(history: History): History {
  const fields = opFields(history);
  const out: History[number][] = [];
  for (let i = 0; i < fields.length; i++) if (fields.process(i) === "nemesis") out.push(history[i] as History[number]);
  return out;
}

/** The history's pairs as positions: pair k's invoke is op `invokeAt[k]`, its completion op `completionAt[k]` (-1: none). */
export interface PairPositions {
  readonly n: number;
  readonly invokeAt: Int32Array;
  readonly completionAt: Int32Array;
}

/**
 * The pairs of `pairs()`/`indexedPairs()` as two columns of positions, read
 * from the process and type columns (no op or pair object is made). Pure.
 */
export function pairPositions(history: History): PairPositions {
  const fields = opFields(history);
  const invokeAt = new Int32Array(fields.length), completionAt = new Int32Array(fields.length);
  const open = new Map<ProcessId, number>();
  let n = 0;
  for (let i = 0; i < fields.length; i++) {
    const p = fields.process(i);
    if (fields.type(i) === "invoke") {
      open.set(p, n);
      invokeAt[n] = i;
      completionAt[n++] = -1;
      continue;
    }
    const at = open.get(p);
    if (at === undefined) continue;
    open.delete(p);
    completionAt[at] = i;
  }
  return { n, invokeAt: invokeAt.subarray(0, n), completionAt: completionAt.subarray(0, n) };
}
