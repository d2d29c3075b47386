/**
 * The entry of `fencecheck check` as the bin runs it: the CLI with the check
 * command alone, in the same process wiring as every other command.
 * `npm run build` bundles this module, commander and the checkers into one
 * file (dist/bundle/check.cjs, see scripts/bundle-check.mjs), so a check
 * starts without resolving and compiling some eighty modules. It must stay
 * free of top-level work and of imports the check does not need. A check
 * has no faults to heal and writes no file, so Ctrl-C ends it at once. It
 * prints with write(2) (sync-io.ts), not through Node's stdout stream.
 */
import { checkCommand } from "./check-command.js";
import type { ExitCode } from "./io.js";
import { runProgram, type CommandTable } from "./program.js";
import { runProcess } from "./run-process.js";
import { syncIo } from "./sync-io.js";

const CHECK_ONLY: CommandTable = { check: async () => checkCommand };

/** Runs `fencecheck check ...` (argv without node and script, "check" first) and returns the exit code. */
export function runCheckProcess(argv: readonly string[]): Promise<ExitCode> {
  return runProcess(argv, (args, io, env) => runProgram(CHECK_ONLY, args, io, env), "exit", syncIo());
}
