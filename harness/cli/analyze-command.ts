/** `fencecheck analyze <run-dir>`: re-run the checkers and the report from a run's files alone. */
import { resolve } from "node:path";
import { Command } from "commander";
import { HarnessError } from "../../core/index.js";
import { analyzeRun } from "../run/analyze/index.js";
import { endingOnInterrupt, type CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { outcomeExitCode, printOutcome } from "./print-outcome.js";

/** Builds the `analyze` command. */
export function analyzeCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("analyze")
    .description("Re-check a stored run (a run folder, or store/latest) and rewrite its results.json and report.html")
    .argument("<run-dir>", "a run folder")
    .option("--junit <file>", "also write JUnit XML (one test case per checker) to this file, for CI")
    .option("--fail-vacuous", "exit 2 when the run is valid but vacuous: its faults never brought about the hazards they aim at (or it had none)")
    .option("--max-memory <MiB>", "give up with unknown when the process's resident memory passes this while the history is read (default 2048)")
    .action(async (dir: string, opts: { junit?: string; maxMemory?: string; failVacuous?: boolean }) => {
      const maxMemoryBytes = parseMaxMemory(opts.maxMemory);
      const options = {
        ...(opts.junit !== undefined ? { junitPath: resolve(ctx.cwd, opts.junit) } : {}),
        ...(maxMemoryBytes !== undefined ? { maxMemoryBytes } : {}),
      };
      // Nothing to heal or stop: Ctrl-C ends the process at once, even in a synchronous checker (the
      // run's own files are only read, and results.json and report.html are written whole or not at all).
      const outcome = await endingOnInterrupt(ctx)(() => analyzeRun(dir, options));
      printOutcome(ctx.io, outcome);
      setExit(outcomeExitCode(outcome, { failVacuous: opts.failVacuous === true }));
    });
}

/** `--max-memory` in bytes; undefined when not given; refused (exit 254) when not a positive number of MiB. */
function parseMaxMemory(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const mib = Number(text);
  if (!Number.isFinite(mib) || mib <= 0) throw new HarnessError("input.invalid", `Cannot use --max-memory "${text}": expected a positive number of MiB`);
  return Math.round(mib * 2 ** 20);
}
