/** The store's index page for `fencecheck serve`: runs newest first, coloured by verdict, and matrix pages. */
import type { Validity } from "../harness/core/index.js";
/** One stored run as the index lists it. */
export interface RunIndexEntry {
    readonly name: string;
    /** The run folder's start-time name, for example 2026-11-30T045128Z. */
    readonly time: string;
    /** Undefined when the run has no results.json yet (running, or killed). */
    readonly valid: Validity | undefined;
    readonly checkers: Readonly<Record<string, Validity>>;
    /** Link to the report, relative to the store; undefined when there is none. */
    readonly reportHref: string | undefined;
}
/** A matrix page in the store. */
export interface MatrixIndexEntry {
    readonly name: string;
    readonly href: string;
}
/** What the index shows. */
export interface RunIndex {
    readonly store: string;
    readonly runs: readonly RunIndexEntry[];
    readonly matrices: readonly MatrixIndexEntry[];
}
/** Renders the index page; runs are shown in the order given. Pure. */
export declare function renderRunIndex(index: RunIndex): string;
