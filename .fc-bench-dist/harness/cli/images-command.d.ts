import { Command } from "commander";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** Builds the `images` command with its `build` subcommand. */
export declare function imagesCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
