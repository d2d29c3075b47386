/**
 * `fencecheck check FILE... [--model M[:INITIAL]] [--format F] [--timeout S]
 * [--initial JSON]` and `fencecheck check --manifest FILE.tsv`. Exit codes:
 * 0 all ok, 1 some illegal (or, with a manifest, some verdict not the
 * expected one), 2 some unknown, 254 bad input (one line naming file and line).
 */
import { Command } from "commander";
import type { CliIo, ExitCode } from "./io.js";
/** Parsed options of the check command. */
export interface CheckArgs {
    readonly files: readonly string[];
    readonly model?: string;
    readonly format?: string;
    readonly timeout?: string;
    readonly initial?: string;
    readonly manifest?: string;
}
/** The `check` subcommand; its action reports the exit code through `setExit`. */
export declare function checkCommand(io: CliIo, setExit: (code: ExitCode) => void): Command;
/** Does the whole check and returns the exit code; never throws. */
export declare function runCheck(args: CheckArgs, io: CliIo): Promise<ExitCode>;
