/**
 * The CLI's program: commander over a table of lazily loaded subcommands.
 * `runProgram` never exits the process; it returns the exit code (Jepsen's:
 * 0 valid, 1 invalid, 2 unknown, 254 bad arguments or input, 255 harness
 * error). `main` runs it over every command; the `check` bundle over `check`
 * alone, so that a check never loads the other commands' modules.
 */
import { Command, CommanderError, type OutputConfiguration } from "commander";
import { exitCodeFor, HarnessError, messageOf, terminalText } from "../../core/index.js";
import type { CliContext } from "./cli-context.js";
import type { CliIo, ExitCode } from "./io.js";

/** Makes a subcommand for the context; its action reports the exit code through `setExit`. */
export type CommandFactory = (ctx: CliContext, setExit: (code: ExitCode) => void) => Command;

/** Subcommands by name, in help order, each loaded only when asked for. */
export type CommandTable = Readonly<Record<string, () => Promise<CommandFactory>>>;

/** What a CLI entry does with argv (without node and script): run it, return the exit code. */
export type CliMain = (argv: readonly string[], io: CliIo, env: Omit<CliContext, "io" | "argv">) => Promise<ExitCode>;

/** Parses `argv` against `commands`, runs the named command, returns its exit code. */
export async function runProgram(commands: CommandTable, argv: readonly string[], io: CliIo, env: Omit<CliContext, "io" | "argv">): Promise<ExitCode> {
  const ctx: CliContext = { ...env, io, argv };
  let code: ExitCode = 0;
  const setExit = (c: ExitCode): void => {
    code = c;
  };
  const program = new Command("fencecheck")
    .description("Chaos tests for distributed lock services: leases, fencing tokens, pauses, partitions")
    .exitOverride()
    .configureOutput(outputTo(io))
    .showHelpAfterError(false);
  // Only the named command's module is loaded (`check` then never loads the
  // runtimes, Docker or the report's charts); help and unknown names load all.
  const named = argv[0] !== undefined && Object.hasOwn(commands, argv[0]) ? [argv[0]] : Object.keys(commands);
  for (const name of named) {
    program.addCommand(withIo((await commands[name]!())(ctx, setExit), io));
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
  command.exitOverride().configureOutput(outputTo(io));
  for (const sub of command.commands) withIo(sub, io);
  return command;
}

/**
 * Commander's output through `io`, help wrapped at the terminal's width
 * only when `io` is a terminal: otherwise at 80 columns (commander's
 * default), whatever the process's own streams are (in-process help, as
 * docs/reference/cli.md is made of, is the same in a terminal and in a pipe).
 */
function outputTo(io: CliIo): OutputConfiguration {
  const width = (): number => (io.isTty ? (process.stdout.columns ?? 80) : 80);
  return { writeOut: (s) => io.out(s), writeErr: (s) => io.err(s), getOutHelpWidth: width, getErrHelpWidth: width };
}

function reportError(error: unknown, io: CliIo): ExitCode {
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0) return 0;
    if (error.code === "commander.help") return 0;
    return 254;
  }
  if (error instanceof HarnessError) {
    io.err(`fencecheck: ${terminalText(error.message, "keep")}\n`);
    return exitCodeFor(error.code) as ExitCode;
  }
  io.err(`fencecheck: ${terminalText(messageOf(error), "keep")}\n`);
  return 255;
}
