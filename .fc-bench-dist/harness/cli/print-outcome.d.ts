/** The one-line summary a run or an analysis prints, and its exit code. */
import { type Validity } from "../core/index.js";
import type { HarnessError } from "../core/index.js";
import type { CliIo, ExitCode } from "./io.js";
/** What a summary needs. */
export interface PrintableOutcome {
    readonly valid: Validity;
    readonly results: Readonly<Record<string, unknown>>;
    readonly reportPath?: string;
    readonly dir: string;
    readonly error?: HarnessError;
    readonly aborted?: boolean;
    /** Set when JUnit XML was written. */
    readonly junitPath?: string;
}
/** Prints the verdict per checker, then the report path, on stdout. */
export declare function printOutcome(io: CliIo, outcome: PrintableOutcome): void;
/** The exit code: an error mid-run wins unless a violation was found anyway. */
export declare function outcomeExitCode(outcome: PrintableOutcome): ExitCode;
