/** `fencecheck run`: one test against a lock service, with faults. */
import { Command } from "commander";
import { createSystemClock } from "../../core/index.js";
import { checkStore, runTest, faultPackages, resolveNemesis } from "../run/index.js";
import { resolve } from "node:path";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { applyRunFile } from "./apply-run-file.js";
import { resolveRunConfig, runtimeFor, type RunAndSshOptions } from "./build-run.js";
import { outcomeExitCode, printOutcome } from "./print-outcome.js";
import { runProgress } from "./progress.js";
import { addRunOptions } from "./run-options.js";

export { addRunOptions } from "./run-options.js";

/** Builds the `run` command. */
export function runCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  const faults = faultPackages().map((p) => `  ${p.name}: ${p.description}`).join("\n");
  return addRunOptions(new Command("run"))
    .description("Run a test: start the nodes, run clients under faults, check the history, write the report")
    .addHelpText("after", `\nFaults (--nemesis, comma-separated):\n${faults}\n`)
    .option("--config <file>", "a JSON run file of run options (camelCase flag names); flags given here override it")
    .option("--junit <file>", "also write JUnit XML (one test case per checker) to this file, for CI")
    .action(async (given: RunAndSshOptions & { config?: string }, command: Command) => {
      const opts = applyRunFile(given, command, ctx.cwd);
      const defaultSeed = createSystemClock().wallMs() % 1_000_000;
      const config = await resolveRunConfig(opts, { cwd: ctx.cwd, defaultSeed, argv: ctx.argv });
      checkStore(config.storeDir);
      const junit = (given as { junit?: string }).junit;
      const nemesis = resolveNemesis(config);
      const progress = runProgress(ctx.io, { timeLimitMs: config.timeLimitMs, shading: nemesis.shading });
      const outcome = await runTest(config, {
        nemesis,
        runtime: await runtimeFor(config, (line) => progress.log(`  ${line}\n`)),
        signal: ctx.signal,
        whileChecking: ctx.endOnInterrupt,
        log: (line) => progress.log(`  ${line}\n`),
        onOp: (op) => progress.onOp(op),
        ...(junit !== undefined ? { junitPath: resolve(ctx.cwd, junit) } : {}),
      }).finally(() => progress.stop());
      printOutcome(ctx.io, outcome);
      setExit(outcomeExitCode(outcome));
    });
}
