/** `fencecheck clean`: remove what a run killed with SIGKILL left behind. */
import { Command } from "commander";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** Builds the `clean` command. */
export declare function cleanCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
