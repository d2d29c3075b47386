/**
 * Stable error codes. A caller switches on `code`, never on message text.
 * Messages follow one grammar: sentence case, values in quotes, the state
 * after a colon, no trailing period.
 */
export type HarnessErrorCode = "config.invalid" | "input.invalid" | "prerequisite.missing" | "runtime.unavailable" | "runtime.node-start-failed" | "runtime.command-failed" | "nemesis.unsupported-fault" | "nemesis.fault-not-applied" | "adapter.invalid" | "store.invalid" | "run.aborted" | "internal";
/** The exit code for each kind of harness error (Jepsen's convention). */
export declare function exitCodeFor(code: HarnessErrorCode): number;
/** An error with a stable code, the one class callers catch. */
export declare class HarnessError extends Error {
    readonly code: HarnessErrorCode;
    readonly name = "HarnessError";
    constructor(code: HarnessErrorCode, message: string, options?: {
        cause?: unknown;
    });
}
/** What a finished command did (execa-shaped, for errors and logs). */
export interface ExecResult {
    readonly command: string;
    readonly exitCode: number | undefined;
    readonly signal: string | undefined;
    readonly stdout: string;
    readonly stderr: string;
    readonly durationMs: number;
}
/** A command that exited non-zero; carries the whole result. */
export declare class CommandError extends HarnessError {
    readonly result: ExecResult;
    constructor(result: ExecResult, context: string);
}
/** Turns anything thrown into a one-line message. */
export declare function messageOf(error: unknown): string;
