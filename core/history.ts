import type { Completion, Invoke, Op, ProcessId } from "./op.js";

/** A history: ops in the order the harness observed them (index order). */
export type History<O extends Op = Op> = readonly O[];

/** An invocation and, when it returned, its completion. */
export interface OpPair<O extends Op = Op> {
  readonly invoke: O & Invoke;
  /** Undefined when the op never completed (the history was cut short). */
  readonly completion: (O & Completion) | undefined;
}

/**
 * Pairs every invocation with the next completion of the same process.
 * Nemesis ops are paired the same way. Completions without an invocation
 * are ignored (a history file cut before an invoke cannot produce them, but
 * a hand-written one can). Runs in O(n).
 */
export function pairs<O extends Op>(history: History<O>): OpPair<O>[] {
  const open = new Map<ProcessId, number>();
  const out: { invoke: O & Invoke; completion: (O & Completion) | undefined }[] = [];
  for (const op of history) {
    if (op.type === "invoke") {
      open.set(op.process, out.length);
      out.push({ invoke: op as O & Invoke, completion: undefined });
    } else {
      const at = open.get(op.process);
      if (at === undefined) continue;
      open.delete(op.process);
      const pair = out[at];
      if (pair) pair.completion = op as O & Completion;
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
