/** `fencecheck analyze <run-dir>`: re-run the checkers and the report from a run's files alone. */
import { Command } from "commander";
import { analyzeRun } from "../run/index.js";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
import { outcomeExitCode, printOutcome } from "./print-outcome.js";

/** Builds the `analyze` command. */
export function analyzeCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("analyze")
    .description("Re-check a stored run (a run folder, or store/latest) and rewrite its results.json and report.html")
    .argument("<run-dir>", "a run folder")
    .action(async (dir: string) => {
      const outcome = await analyzeRun(dir);
      printOutcome(ctx.io, outcome);
      setExit(outcomeExitCode(outcome));
    });
}
