import type { CliIo, ExitCode } from "./io.js";
/** What the CLI gets from the process it runs in. */
export interface CliContext {
    readonly io: CliIo;
    readonly cwd: string;
    /** The arguments as typed (recorded so a run can be repeated exactly). */
    readonly argv: readonly string[];
    /** Aborted on Ctrl-C or SIGTERM. */
    readonly signal: AbortSignal;
}
/** Parses `argv` (without node and script), runs the command, returns its exit code. */
export declare function main(argv: readonly string[], io: CliIo, env: Omit<CliContext, "io" | "argv">): Promise<ExitCode>;
