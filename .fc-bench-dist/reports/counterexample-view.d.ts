/**
 * The linearizability counterexample in plain words: per resource whose
 * reads and writes admit no order, the end of the longest linearizable
 * prefix and the ops that could not be placed after it.
 */
import type { Validity } from "../harness/core/index.js";
import type { LinearizableResult } from "../checkers/index.js";
/** One row of a counterexample table. */
export interface CounterexampleRow {
    readonly placed: boolean;
    readonly process: number;
    readonly description: string;
    /** "2.10 s to 2.12 s", or "from 2.10 s, never returned". */
    readonly when: string;
}
/** One partition's counterexample, ready to render. */
export interface CounterexampleView {
    readonly heading: string;
    readonly rows: readonly CounterexampleRow[];
    readonly stateAfter: string;
}
/** The linearizability section. */
export interface LinearizabilityView {
    readonly valid: Validity;
    readonly text: string;
    readonly counterexamples: readonly CounterexampleView[];
}
/** The section of a linearizable checker result; undefined when the checker left none. Pure. */
export declare function linearizabilityView(r: LinearizableResult | undefined): LinearizabilityView | undefined;
