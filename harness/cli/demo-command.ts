/**
 * `fencecheck demo`: the seed's full picture, twice. A lease holder is
 * paused past its lease; another client takes the next token and writes;
 * the sleeper wakes and writes with its old token. Unfenced storage accepts
 * that stale write (the run is invalid); fenced storage rejects it (valid).
 * Each half is an ordinary `fencecheck run` command line, built here and
 * recorded, so the report's "run it again" repeats that half exactly.
 */
import { Command } from "commander";
import { createSystemClock, HarnessError } from "../../core/index.js";
import { runTest, type ResolvedRun, type RunOutcome } from "../run/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { parseRunArgv, resolveRunOptions, runtimeFor, type RunAndSshOptions } from "./build-run.js";
import { addRunOptions } from "./run-options.js";
import { printOutcome } from "./print-outcome.js";

/** The options demo sets itself, one run for each storage: a user's value could not be honoured. */
const DEMO_OWNS = ["storage", "name"] as const;

/**
 * The `fencecheck run` arguments of one half of the demo: the seed's
 * picture (a paused holder, a fixed 100 ms hold, and `seed` when the user
 * gave none) under the user's own options, which come after it and so win,
 * then the half's storage and name.
 */
export function demoRunArgv(userArgs: readonly string[], storage: "unfenced" | "fenced", seed: string | undefined): string[] {
  const seedArgs = seed === undefined ? [] : ["--seed", seed];
  return ["--nemesis", "pause-holder", "--hold-ms", "100", ...seedArgs, ...userArgs, "--storage", storage, "--name", `demo-${storage}`];
}

/** Builds the `demo` command. */
export function demoCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return addRunOptions(new Command("demo"))
    .description("The full picture: a paused lease holder's stale write, accepted by unfenced storage and rejected by fenced storage")
    .action(async (opts: RunAndSshOptions, command: Command) => {
      const owned = DEMO_OWNS.find((key) => command.getOptionValueSource(key) === "cli");
      if (owned !== undefined) throw new HarnessError("config.invalid", `Cannot run the demo with --${owned}: it runs unfenced and then fenced storage, each under its own name`);
      const userArgs = ctx.argv.slice(ctx.argv.indexOf("demo") + 1);
      const seed = opts.seed ?? String(createSystemClock().wallMs() % 1_000_000);
      const log = (line: string): void => ctx.io.err(`  ${line}\n`);
      // Both halves are resolved before either runs: one that cannot run (a lock service without tokens under fenced storage) is refused at once.
      const runs: ResolvedRun[] = [];
      for (const storage of ["unfenced", "fenced"] as const) {
        const argv = demoRunArgv(userArgs, storage, opts.seed === undefined ? seed : undefined);
        runs.push(await resolveRunOptions(parseRunArgv(argv), { cwd: ctx.cwd, defaultSeed: 0, argv: ["run", ...argv] }));
      }
      const results: RunOutcome[] = [];
      for (const run of runs) {
        if (ctx.signal.aborted) break;
        const { config } = run;
        ctx.io.out(`\n== ${config.storage.kind} storage, lock "${opts.lock}", nemesis ${config.nemesis.faults.join(",") || "none"}, seed ${seed}\n`);
        const outcome = await runTest(run, { runtime: await runtimeFor(run, log), signal: ctx.signal, whileChecking: ctx.endOnInterrupt, log });
        printOutcome(ctx.io, outcome);
        results.push(outcome);
      }
      const [unfenced, fenced] = results;
      const asExpected = unfenced?.valid === false && fenced?.valid === true;
      ctx.io.out(
        asExpected
          ? "\nAs the seed says: without the token check the stale write corrupted the data; with it, storage rejected the write.\n"
          : "\nThe demo did not show the expected pair of verdicts (unfenced invalid, fenced valid): see the reports above.\n",
      );
      setExit(asExpected ? 0 : 1);
    });
}
