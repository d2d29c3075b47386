/**
 * The entry of every command but `check` as the bin runs it: the whole CLI
 * (`main`, each command's module loaded when named) in the process wiring
 * of `runProcess`. `npm run build` bundles it (scripts/bundle-check.mjs)
 * into dist/bundle/cli/: our modules in a few files, split where a command,
 * an adapter or the report is loaded lazily, with commander inside and
 * every other package left to load from node_modules when first needed, so
 * a run starts without resolving and linking some three hundred modules one
 * by one. It must stay free of top-level work.
 */
import type { ExitCode } from "./io.js";
import { main } from "./main.js";
import { runProcess } from "./run-process.js";

/** Runs `fencecheck ...` (argv without node and script) and returns the exit code. */
export function runCliProcess(argv: readonly string[]): Promise<ExitCode> {
  return runProcess(argv, main);
}
