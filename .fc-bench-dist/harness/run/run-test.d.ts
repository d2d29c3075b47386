import { HarnessError, type Op, type RunConfig, type Runtime, type SystemClock, type Validity } from "../core/index.js";
/** What a run needs besides its configuration. */
export interface RunDeps {
    readonly runtime: Runtime;
    /** Aborting it interrupts the run; cleanup and checks still happen. */
    readonly signal?: AbortSignal;
    readonly clock?: SystemClock;
    /** Called with one line per lifecycle step (for the CLI's progress output). */
    readonly log?: (line: string) => void;
    /** Called with every op as it is recorded. */
    readonly onOp?: (op: Op) => void;
    /** Where to write JUnit XML (one test case per checker), when wanted. */
    readonly junitPath?: string;
}
/** The outcome of a run. */
export interface RunOutcome {
    readonly valid: Validity;
    readonly dir: string;
    readonly results: Readonly<Record<string, unknown>>;
    /** Set when the run was cut short by an error (the history so far was still checked). */
    readonly error?: HarnessError;
    readonly aborted: boolean;
}
/** Runs one test end to end. Throws only for errors before the store exists. */
export declare function runTest(config: RunConfig, deps: RunDeps): Promise<RunOutcome>;
/** A short id naming the run's namespaces: time and pid in base 36. */
export declare function runIdFor(wallMs: number, pid: number): string;
