import { type ModelChoice, type Verdict } from "../../checkers/index.js";
import { type FileCheck } from "./check-file.js";
/** One manifest row. `expected` "none" means no verdict is expected. */
export interface ManifestRow {
    readonly path: string;
    readonly model: ModelChoice;
    readonly modelText: string;
    readonly expected: Verdict | "none";
    readonly line: number;
}
/** Reads a manifest; throws input.invalid naming the file and line. */
export declare function readManifest(path: string): ManifestRow[];
/** The outcome of one row. */
export interface ManifestOutcome {
    readonly row: ManifestRow;
    readonly check: FileCheck;
    readonly matches: boolean;
}
/** Totals of a manifest run. */
export interface ManifestSummary {
    readonly outcomes: readonly ManifestOutcome[];
    readonly mismatches: number;
    readonly totalMs: number;
}
/** Checks every row in order, calling `onRow` after each. */
export declare function runManifest(rows: readonly ManifestRow[], options: {
    readonly timeoutMs?: number;
    readonly workers?: number;
}, onRow: (outcome: ManifestOutcome) => void): Promise<ManifestSummary>;
