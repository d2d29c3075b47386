/**
 * `fencecheck list`: what can be run, each with one line on what it is and
 * its limits. Every line comes from the registries (adapters, storage kinds,
 * fault packages), so the list cannot drift from what exists.
 */
import { Command } from "commander";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** The lines `list` prints (pure over the registries). */
export declare function listLines(): string[];
/** Builds the `list` command. */
export declare function listCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
