import type { ExitCode } from "./io.js";
/** Runs the CLI in this process and returns the exit code. */
export declare function runProcess(argv: readonly string[]): Promise<ExitCode>;
