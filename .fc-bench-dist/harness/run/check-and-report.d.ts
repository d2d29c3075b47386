import type { Op, RunConfig, StorageRecord, Validity } from "../core/index.js";
/** A recorded run to check. */
export interface RecordedRun {
    readonly config: RunConfig;
    readonly history: readonly Op[];
    readonly dir: string;
    /** Read from the run folder's storage.jsonl when not given. */
    readonly storage?: readonly StorageRecord[];
    /** Where to write JUnit XML (one test case per checker), when wanted. */
    readonly junitPath?: string;
}
/** The verdict and each checker's result. */
export interface CheckedRun {
    readonly valid: Validity;
    readonly results: Readonly<Record<string, unknown>>;
    readonly reportPath: string;
    /** Set when JUnit XML was written. */
    readonly junitPath?: string;
}
/** Checks the run, writes results.json, report.html (and JUnit XML if asked), and returns the verdict. */
export declare function checkAndReport(run: RecordedRun): Promise<CheckedRun>;
