/**
 * The comparison page of `fencecheck matrix`: rows are designs (lock
 * service x storage x options), columns are faults, each cell the verdict
 * linking to its run's report. An unexpected verdict is marked.
 */
import type { Validity } from "../harness/core/index.js";
/** One run of the matrix. */
export interface MatrixCell {
    readonly design: string;
    readonly fault: string;
    /** Undefined when the run could not start (see `error`). */
    readonly valid: Validity | undefined;
    /** Link to the report, relative to the matrix page. */
    readonly href: string | undefined;
    readonly expected?: Validity;
    readonly error?: string;
    /** A one-line summary, for example the first checker headline. */
    readonly summary?: string;
}
/** The whole matrix. */
export interface MatrixModel {
    readonly title: string;
    readonly designs: readonly {
        readonly name: string;
        readonly description: string;
    }[];
    readonly faults: readonly string[];
    readonly cells: readonly MatrixCell[];
    readonly command: string;
}
/** Renders the matrix page. Pure. */
export declare function renderMatrixHtml(m: MatrixModel): string;
