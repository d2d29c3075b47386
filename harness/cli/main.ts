/**
 * The CLI: a thin adapter from argv to the library. `main` never exits the
 * process; it returns the exit code (Jepsen's: 0 valid, 1 invalid,
 * 2 unknown, 254 bad arguments or input, 255 harness error).
 */
import { Command, CommanderError } from "commander";
import { exitCodeFor, HarnessError, messageOf } from "../core/index.js";
import { analyzeCommand } from "./analyze-command.js";
import { checkCommand } from "./check-command.js";
import { cleanCommand } from "./clean-command.js";
import { demoCommand } from "./demo-command.js";
import type { CliIo, ExitCode } from "./io.js";
import { listCommand } from "./list-command.js";
import { runCommand } from "./run-command.js";
import { hostsCommand } from "./hosts-command.js";
import { imagesCommand } from "./images-command.js";
import { matrixCommand } from "./matrix-command.js";
import { serveCommand } from "./serve-command.js";
import { scenarioCommand } from "./scenario-command.js";

/** What the CLI gets from the process it runs in. */
export interface CliContext {
  readonly io: CliIo;
  readonly cwd: string;
  /** The arguments as typed (recorded so a run can be repeated exactly). */
  readonly argv: readonly string[];
  /** Aborted on Ctrl-C or SIGTERM. */
  readonly signal: AbortSignal;
}

/** Parses `argv` (without node and script), runs the command, returns its exit code. */
export async function main(argv: readonly string[], io: CliIo, env: Omit<CliContext, "io" | "argv">): Promise<ExitCode> {
  const ctx: CliContext = { ...env, io, argv };
  let code: ExitCode = 0;
  const setExit = (c: ExitCode): void => {
    code = c;
  };
  const program = new Command("fencecheck")
    .description("Chaos tests for distributed lock services: leases, fencing tokens, pauses, partitions")
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.io.out(s), writeErr: (s) => ctx.io.err(s) })
    .showHelpAfterError(false);
  for (const sub of [
    runCommand(ctx, setExit),
    analyzeCommand(ctx, setExit),
    checkCommand(ctx.io, setExit),
    demoCommand(ctx, setExit),
    cleanCommand(ctx, setExit),
    listCommand(ctx, setExit),
    serveCommand(ctx, setExit),
    matrixCommand(ctx, setExit),
    scenarioCommand(ctx, setExit),
    imagesCommand(ctx, setExit),
    hostsCommand(ctx, setExit),
  ]) {
    program.addCommand(withIo(sub, io));
  }
  try {
    await program.parseAsync([...argv], { from: "user" });
    return code;
  } catch (error) {
    return reportError(error, ctx.io);
  }
}

/** Makes a command and all its subcommands throw instead of exiting, and write through `io`. */
function withIo(command: Command, io: CliIo): Command {
  command.exitOverride().configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  for (const sub of command.commands) withIo(sub, io);
  return command;
}

function reportError(error: unknown, io: CliIo): ExitCode {
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0) return 0;
    if (error.code === "commander.help") return 0;
    return 254;
  }
  if (error instanceof HarnessError) {
    io.err(`fencecheck: ${error.message}\n`);
    return exitCodeFor(error.code) as ExitCode;
  }
  io.err(`fencecheck: ${messageOf(error)}\n`);
  return 255;
}
