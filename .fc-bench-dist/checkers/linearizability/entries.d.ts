/**
 * The history of one partition as porcupine's intrusive doubly linked list
 * of call and return entries, held in typed arrays. Node 0 is the head
 * sentinel; node k (k >= 1) is the k-th event in time order. `lift` takes a
 * call and its return out of the list and `unlift` puts them back (dancing
 * links), which is how the search tries an operation and backtracks.
 */
import type { Operation } from "./model.js";
/** The linked entries of one partition. -1 is the null link. */
export interface Entries {
    /** Number of operations (the list has 2n entries plus the head). */
    readonly n: number;
    readonly next: Int32Array;
    readonly prev: Int32Array;
    /** The operation index of each entry. */
    readonly op: Int32Array;
    /** For a call entry, the node of its return; -1 for returns. */
    readonly match: Int32Array;
    /** For a call entry, its rank among calls in time order (the bit it takes in a linearized set). */
    readonly bit: Int32Array;
}
/**
 * Orders the calls and returns of `ops` by time (a call before a return at
 * the same time, so touching operations count as concurrent) and links them.
 */
export declare function makeEntries(ops: readonly Operation<unknown, unknown>[]): Entries;
/** Removes call node `call` and its return from the list. */
export declare function lift(e: Entries, call: number): void;
/** Puts back call node `call` and its return (the reverse of the latest `lift`). */
export declare function unlift(e: Entries, call: number): void;
