/**
 * `fencecheck run`: one test against a lock service, with faults. The
 * module loads only what parsing and the up-front refusals need; the run's
 * machinery (runtimes, reports, the lock service's client library) is
 * loaded once the run is not refused, so a refusal is exit 254 within a
 * second.
 */
import { Command } from "commander";
import { createSystemClock } from "../../core/index.js";
import { faultPackages } from "../../nemesis/index.js";
import { refuseUpFront } from "../run/refusals/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { applyRunFile } from "./apply-run-file.js";
import type { RunAndSshOptions } from "./build-run.js";
import { optionsToConfig } from "./options-to-config.js";
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
    .option("--fail-vacuous", "exit 2 when the run is valid but vacuous: its faults never brought about the hazards they aim at (or it had none)")
    .option("--timings", "at the end, print on stderr when each phase of the run ended (ms since the process started) and the harness's CPU in it")
    .action(async (given: RunAndSshOptions & { config?: string }, command: Command) => {
      const opts = applyRunFile(given, command, ctx.cwd);
      const env = { cwd: ctx.cwd, defaultSeed: createSystemClock().wallMs() % 1_000_000, argv: ctx.argv };
      const config = optionsToConfig(opts, env);
      refuseUpFront(config);
      const { runFromOptions } = await import("./run-from-options.js");
      const extras = given as { junit?: string; timings?: boolean; failVacuous?: boolean };
      setExit(await runFromOptions(ctx, { opts, env, given: config }, {
        ...(extras.junit !== undefined ? { junit: extras.junit } : {}), ...(extras.timings === true ? { timings: true } : {}), failVacuous: extras.failVacuous === true,
      }));
    });
}
