import type { Completion, Invoke, Op } from "./op.js";
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
export declare function pairs<O extends Op>(history: History<O>): OpPair<O>[];
/** The client ops of a history (those of numeric processes). */
export declare function clientOps<O extends Op>(history: History<O>): O[];
/** The nemesis ops of a history. */
export declare function nemesisOps<O extends Op>(history: History<O>): O[];
/** The `ok` completions with function `f`. */
export declare function oks<O extends Op>(history: History<O>, f?: string): O[];
