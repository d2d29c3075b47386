import type { CompactHistory } from "./compact-history.js";
import { compactOf, lazyArray } from "./compact-view.js";
import { pairPositions } from "./op-fields.js";
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
 * history (`historyView`) the pairing reads the columns, the result is a
 * read-only array view over positions, and each pair materializes its ops
 * when read (two reads of one pair give two equal objects).
 */
export function indexedPairs<O extends Op>(history: History<O>): IndexedOpPair<O>[] {
  const compact = compactOf(history);
  if (compact !== undefined) return compactPairs(compact, history) as unknown as IndexedOpPair<O>[];
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
  constructor(history: CompactHistory, readonly invokeAt: number, readonly completionAt: number | undefined) {
    this.#history = history;
  }

  get invoke(): Invoke {
    return this.#history.get(this.invokeAt) as Invoke;
  }

  get completion(): Completion | undefined {
    return this.completionAt === undefined ? undefined : (this.#history.get(this.completionAt) as Completion);
  }
}

/**
 * The pairs of a compact history as two columns of positions (8 bytes a
 * pair, `pairPositions`), each pair object made when read: the pairs of 10
 * million ops take 40 MB, not the 240 MB of 5 million pair objects.
 */
function compactPairs(compact: CompactHistory, history: History): readonly LazyPair[] {
  const { n, invokeAt, completionAt } = pairPositions(history);
  return lazyArray(() => n, (k) => new LazyPair(compact, invokeAt[k] as number, completionAt[k] === -1 ? undefined : (completionAt[k] as number)));
}
