import { Command } from "commander";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** Builds the `analyze` command. */
export declare function analyzeCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
