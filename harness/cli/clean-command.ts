/** `fencecheck clean`: remove what a run killed with SIGKILL left behind. */
import { Command } from "commander";
import { cleanLocal } from "../runtime/index.js";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";

/** Builds the `clean` command. */
export function cleanCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("clean")
    .description("Kill the processes and delete the namespaces of runs that did not stop (all runs, or one)")
    .option("--run-id <id>", "only this run's leftovers")
    .action(async (opts: { runId?: string }) => {
      const removed = await cleanLocal(opts.runId ? { runId: opts.runId } : {});
      const n = removed.namespaces.length;
      ctx.io.out(n === 0 ? "nothing to clean\n" : `removed ${n} namespace(s) and ${removed.processes} process(es): ${removed.namespaces.join(", ")}\n`);
      setExit(0);
    });
}
