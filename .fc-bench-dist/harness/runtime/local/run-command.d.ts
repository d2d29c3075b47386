import type { Clock, ExecResult } from "../../core/index.js";
/** Options for `runCommand`. */
export interface RunCommandOptions {
    readonly clock: Clock;
    /** Written to stdin, which is then closed. */
    readonly input?: string;
    /** After this long the command is SIGKILLed (its result then has signal "SIGKILL"). Default 10 s. */
    readonly timeoutMs?: number;
}
/**
 * Runs `argv` and resolves with its `ExecResult` whatever its exit code.
 * Rejects with "runtime.command-failed" only when it cannot be spawned.
 */
export declare function runCommand(argv: readonly string[], opts: RunCommandOptions): Promise<ExecResult>;
/** Like `runCommand`, but rejects with a `CommandError` when the exit code is not 0. */
export declare function runChecked(argv: readonly string[], opts: RunCommandOptions & {
    readonly context: string;
}): Promise<ExecResult>;
