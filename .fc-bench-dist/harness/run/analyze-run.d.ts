import { type CheckedRun } from "./check-and-report.js";
/** Options: where to write JUnit XML, when wanted. */
export interface AnalyzeOptions {
    readonly junitPath?: string;
}
/** Reads the run folder, re-runs every checker, rewrites results.json and report.html. */
export declare function analyzeRun(dir: string, options?: AnalyzeOptions): Promise<CheckedRun & {
    readonly dir: string;
}>;
