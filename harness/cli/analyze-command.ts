/** `fencecheck analyze <run-dir>`: re-run the checkers and the report from a run's files alone. */
import { resolve } from "node:path";
import { Command } from "commander";
import { analyzeRun } from "../run/analyze-run.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { outcomeExitCode, printOutcome } from "./print-outcome.js";

/** Builds the `analyze` command. */
export function analyzeCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("analyze")
    .description("Re-check a stored run (a run folder, or store/latest) and rewrite its results.json and report.html")
    .argument("<run-dir>", "a run folder")
    .option("--junit <file>", "also write JUnit XML (one test case per checker) to this file, for CI")
    .action(async (dir: string, opts: { junit?: string }) => {
      const outcome = await analyzeRun(dir, opts.junit !== undefined ? { junitPath: resolve(ctx.cwd, opts.junit) } : {});
      printOutcome(ctx.io, outcome);
      setExit(outcomeExitCode(outcome));
    });
}
