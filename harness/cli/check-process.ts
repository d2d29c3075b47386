/**
 * The entry of `fencecheck check` as the bin runs it, in the same process
 * wiring as every other command. `npm run build` bundles this module, its
 * fallback (commander with the check command alone) and the checkers into
 * one file (dist/bundle/check.cjs, see scripts/bundle-check.mjs), so a check
 * starts without resolving and compiling some eighty modules. Arguments in
 * their plain forms (check-args.ts) go straight to the check; only the
 * others load commander (imported when needed: in the bundle its modules
 * run only then). It must stay free of top-level work and of imports the
 * check does not need. A check has no faults to heal and writes no file, so
 * Ctrl-C ends it at once. It prints with write(2) (sync-io.ts), not through
 * Node's stdout stream.
 */
import { plainCheckArgs } from "./check-args.js";
import type { ExitCode } from "./io.js";
import type { CliMain } from "./program.js";
import { runCheck } from "./run-check.js";
import { runProcess } from "./run-process.js";
import { syncIo } from "./sync-io.js";

/** Runs `fencecheck check ...` (argv without node and script, "check" first) and returns the exit code. */
export function runCheckProcess(argv: readonly string[]): Promise<ExitCode> {
  const plain = plainCheckArgs(argv);
  const main: CliMain = plain === undefined ? withCommander : async (_args, io) => runCheck(plain, io);
  return runProcess(argv, main, "exit", syncIo());
}

/** The check command read by commander: help, errors, every form of its options. */
const withCommander: CliMain = async (args, io, env) => {
  const [{ runProgram }, { checkCommand }] = await Promise.all([import("./program.js"), import("./check-command.js")]);
  return runProgram({ check: async () => checkCommand }, args, io, env);
};
