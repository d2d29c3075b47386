/**
 * Checks one history file: read, choose the model, convert, search (in
 * parallel when worth it) and time the search.
 */
import { type HistoryFormat, type LinearizabilityResult, type ModelChoice } from "../../checkers/index.js";
/** Options of a file check. */
export interface FileCheckOptions {
    readonly model?: ModelChoice;
    readonly format?: HistoryFormat;
    readonly timeoutMs?: number;
    readonly maxMemoryBytes?: number;
    readonly workers?: number;
}
/** A checked file. */
export interface FileCheck {
    readonly path: string;
    readonly modelName: string;
    readonly format: string;
    readonly operations: number;
    readonly result: LinearizabilityResult;
    /** Time of the search alone (parsing excluded), in milliseconds. */
    readonly checkMs: number;
}
/** Checks `path`; throws input.invalid when the file cannot be read. */
export declare function checkFile(path: string, options?: FileCheckOptions): Promise<FileCheck>;
