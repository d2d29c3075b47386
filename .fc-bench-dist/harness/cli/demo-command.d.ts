/**
 * `fencecheck demo`: the seed's full picture, twice. A lease holder is
 * paused past its lease; another client takes the next token and writes;
 * the sleeper wakes and writes with its old token. Unfenced storage accepts
 * that stale write (the run is invalid); fenced storage rejects it (valid).
 */
import { Command } from "commander";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** Builds the `demo` command. */
export declare function demoCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
