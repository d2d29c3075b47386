/**
 * The file `fencecheck matrix FILE` reads: designs (a lock service, a
 * storage and any `run` options) crossed with fault packages, plus options
 * shared by every cell. Option names are the `run` flags in camelCase
 * (`timeLimit`, `ttlMs`, ...). A design may say which verdict it expects,
 * for every fault or per fault:
 *
 *   { "name": "reference-fencing", "defaults": { "timeLimit": 15, "seed": 7 },
 *     "faults": ["none", "pause-holder"],
 *     "designs": [
 *       { "name": "fenced", "lock": "reference", "storage": "fenced", "expect": "valid" },
 *       { "name": "unfenced", "lock": "reference", "storage": "unfenced",
 *         "expect": { "none": "valid", "pause-holder": "invalid" } } ] }
 */
import { type Validity } from "../core/index.js";
/** Option values as written in the file. */
export type MatrixOptions = Readonly<Record<string, string | number | boolean>>;
/** One row of the matrix. */
export interface MatrixDesign {
    readonly name: string;
    readonly options: MatrixOptions;
    /** Expected verdict by fault ("*" for every fault). */
    readonly expect: Readonly<Record<string, Validity>>;
}
/** The parsed file. */
export interface MatrixSpec {
    readonly name: string;
    readonly defaults: MatrixOptions;
    readonly faults: readonly string[];
    readonly designs: readonly MatrixDesign[];
}
/** Parses and validates a matrix file's text; throws config.invalid naming the problem. */
export declare function parseMatrixSpec(text: string, source: string): MatrixSpec;
/** The expected verdict of a cell, if the design says. */
export declare function expectedVerdict(design: MatrixDesign, fault: string): Validity | undefined;
/** The `run` argv of one cell: defaults, then the design's options, then `--nemesis fault`. */
export declare function cellArgv(spec: MatrixSpec, design: MatrixDesign, fault: string): string[];
