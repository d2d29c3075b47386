/** `fencecheck run`: one test against a lock service, with faults. */
import { Command } from "commander";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** Builds the `run` command. */
export declare function runCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
/** The options of `run` (shared with `demo`). */
export declare function addRunOptions(command: Command): Command;
