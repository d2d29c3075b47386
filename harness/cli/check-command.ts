/**
 * `fencecheck check FILE... [--model M[:INITIAL]] [--format F] [--timeout S]
 * [--initial JSON] [--max-memory MIB]` and `fencecheck check --manifest FILE.tsv`:
 * the command as commander reads it; what it does is run-check.ts's.
 */
import { Command } from "commander";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { runCheck, type CheckArgs } from "./run-check.js";

export { runCheck, type CheckArgs } from "./run-check.js";

/** The `check` subcommand; its action reports the exit code through `setExit`. */
export function checkCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("check")
    .description("Check histories for linearizability (jsonl, Jepsen EDN, Jepsen etcd logs)")
    .argument("[files...]", "history files")
    .option("--model <model>", "model, optionally with an initial value: cas-register:0")
    .option("--format <format>", "jsonl, edn or etcd-log (detected when omitted)")
    .option("--timeout <seconds>", "give up with unknown after this many seconds")
    .option("--max-memory <MiB>", "give up with unknown when the process's resident memory passes this (default 2048)")
    .option("--initial <json>", "the model's initial value, a JSON literal")
    .option("--manifest <file>", "check every history of a manifest (path, model, expected)")
    .action(async (files: string[], opts: Omit<CheckArgs, "files">) => {
      setExit(await runCheck({ ...opts, files }, ctx.io));
    });
}

