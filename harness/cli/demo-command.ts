/**
 * `fencecheck demo`: the seed's full picture, twice. A lease holder is
 * paused past its lease; another client takes the next token and writes;
 * the sleeper wakes and writes with its old token. Unfenced storage accepts
 * that stale write (the run is invalid); fenced storage rejects it (valid).
 */
import { Command } from "commander";
import { createSystemClock } from "../../core/index.js";
import { runTest, type RunOutcome, createLocalRuntime } from "../run/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { optionsToConfig, type RunOptions } from "./options-to-config.js";
import { addRunOptions } from "./run-command.js";
import { printOutcome } from "./print-outcome.js";

/** Builds the `demo` command. */
export function demoCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return addRunOptions(new Command("demo"))
    .description("The full picture: a paused lease holder's stale write, accepted by unfenced storage and rejected by fenced storage")
    .action(async (opts: RunOptions) => {
      const seed = opts.seed ?? String(createSystemClock().wallMs() % 1_000_000);
      // The seed's picture: a fixed 100 ms hold unless --hold-ms says otherwise.
      const base: RunOptions = { ...opts, seed, holdMs: opts.holdMs ?? "100", nemesis: opts.nemesis === "none" ? "pause-holder" : opts.nemesis };
      const results: RunOutcome[] = [];
      for (const storage of ["unfenced", "fenced"] as const) {
        if (ctx.signal.aborted) break;
        ctx.io.out(`\n== ${storage} storage, lock "${base.lock}", nemesis ${base.nemesis}, seed ${seed}\n`);
        const argv = ["run", "--storage", storage, "--nemesis", base.nemesis, "--seed", seed, "--time-limit", base.timeLimit];
        const config = optionsToConfig({ ...base, storage, name: `demo-${storage}` }, { cwd: ctx.cwd, defaultSeed: 0, argv });
        const outcome = await runTest(config, { runtime: createLocalRuntime(), signal: ctx.signal, whileChecking: ctx.endOnInterrupt, log: (l) => ctx.io.err(`  ${l}\n`) });
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
