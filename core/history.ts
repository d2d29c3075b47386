import type { CompactHistory } from "./compact-history.js";
import { compactOf } from "./compact-view.js";
import type { Completion, Invoke, Op, ProcessId } from "./op.js";

/** A history: ops in the order the harness observed them (index order). */
export type History<O extends Op = Op> = readonly O[];

/** An invocation and, when it returned, its completion. */
export interface OpPair<O extends Op = Op> {
  readonly invoke: O & Invoke;
  /** Undefined when the op never completed (the history was cut short). */
  readonly completion: (O & Completion) | undefined;
}

/** A pair with the positions of its ops in the history (`completionAt` undefined with no completion). */
export interface IndexedOpPair<O extends Op = Op> extends OpPair<O> {
  readonly invokeAt: number;
  readonly completionAt: number | undefined;
}

/**
 * Pairs every invocation with the next completion of the same process.
 * Nemesis ops are paired the same way. Completions without an invocation
 * are ignored (a history file cut before an invoke cannot produce them, but
 * a hand-written one can). Runs in O(n).
 */
export function pairs<O extends Op>(history: History<O>): OpPair<O>[] {
  return indexedPairs(history);
}

/**
 * As `pairs`, with each op's position in the history. Over a compact
 * history (`historyView`) the pairing reads the columns and each pair
 * materializes its ops when read, so the pairs of 10 million ops hold
 * positions, not ops.
 */
export function indexedPairs<O extends Op>(history: History<O>): IndexedOpPair<O>[] {
  const compact = compactOf(history);
  if (compact !== undefined) return compactPairs(compact) as unknown as IndexedOpPair<O>[];
  const open = new Map<ProcessId, number>();
  const out: { invoke: O & Invoke; completion: (O & Completion) | undefined; invokeAt: number; completionAt: number | undefined }[] = [];
  history.forEach((op, i) => {
    if (op.type === "invoke") {
      open.set(op.process, out.length);
      out.push({ invoke: op as O & Invoke, completion: undefined, invokeAt: i, completionAt: undefined });
    } else {
      const at = open.get(op.process);
      if (at === undefined) return;
      open.delete(op.process);
      const pair = out[at];
      if (pair) {
        pair.completion = op as O & Completion;
        pair.completionAt = i;
      }
    }
  });
  return out;
}

/** A pair of a compact history: positions, its ops materialized on each read. */
class LazyPair implements IndexedOpPair {
  readonly #history: CompactHistory;
  constructor(history: CompactHistory, readonly invokeAt: number, public completionAt: number | undefined) {
    this.#history = history;
  }

  get invoke(): Invoke {
    return this.#history.get(this.invokeAt) as Invoke;
  }

  get completion(): Completion | undefined {
    return this.completionAt === undefined ? undefined : (this.#history.get(this.completionAt) as Completion);
  }
}

function compactPairs(history: CompactHistory): LazyPair[] {
  const open = new Map<ProcessId, LazyPair>();
  const out: LazyPair[] = [];
  for (let i = 0; i < history.length; i++) {
    const p = history.processOf(i);
    if (history.isInvoke(i)) {
      const pair = new LazyPair(history, i, undefined);
      open.set(p, pair);
      out.push(pair);
    } else {
      const pair = open.get(p);
      if (pair === undefined) continue;
      open.delete(p);
      pair.completionAt = i;
    }
  }
  return out;
}

/** The nemesis ops of a history. */
export function nemesisOps<O extends Op>(history: History<O>): O[] {
  return history.filter((op) => op.process === "nemesis");
}

/** The `ok` completions with function `f`. */
export function oks<O extends Op>(history: History<O>, f?: string): O[] {
  return history.filter((op) => op.type === "ok" && (f === undefined || op.f === f));
}
