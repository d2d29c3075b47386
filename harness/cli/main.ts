/**
 * The CLI: a thin adapter from argv to the library. `main` never exits the
 * process; it returns the exit code (Jepsen's: 0 valid, 1 invalid,
 * 2 unknown, 254 bad arguments or input, 255 harness error).
 */
import { Command, CommanderError } from "commander";
import { exitCodeFor, HarnessError, messageOf } from "../core/index.js";
import type { CliIo, ExitCode } from "./io.js";

import type { CliContext } from "./cli-context.js";

export type { CliContext } from "./cli-context.js";

type CommandFactory = (ctx: CliContext, setExit: (code: ExitCode) => void) => Command;

/** Every subcommand, in help order, as a lazy import of its module. */
const COMMANDS: Readonly<Record<string, () => Promise<CommandFactory>>> = {
  run: async () => (await import("./run-command.js")).runCommand,
  analyze: async () => (await import("./analyze-command.js")).analyzeCommand,
  check: async () => {
    const { checkCommand } = await import("./check-command.js");
    return (ctx, setExit) => checkCommand(ctx.io, setExit);
  },
  demo: async () => (await import("./demo-command.js")).demoCommand,
  clean: async () => (await import("./clean-command.js")).cleanCommand,
  list: async () => (await import("./list-command.js")).listCommand,
  serve: async () => (await import("./serve-command.js")).serveCommand,
  matrix: async () => (await import("./matrix-command.js")).matrixCommand,
  scenario: async () => (await import("./scenario-command.js")).scenarioCommand,
  images: async () => (await import("./images-command.js")).imagesCommand,
  hosts: async () => (await import("./hosts-command.js")).hostsCommand,
};

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
  // Only the named command's module is loaded (`check` then never loads the
  // runtimes, Docker or the report's charts); help and unknown names load all.
  const named = argv[0] !== undefined && Object.hasOwn(COMMANDS, argv[0]) ? [argv[0]] : Object.keys(COMMANDS);
  for (const name of named) {
    program.addCommand(withIo((await COMMANDS[name]!())(ctx, setExit), io));
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
