/**
 * The CLI: a thin adapter from argv to the library. `main` never exits the
 * process; it returns the exit code (Jepsen's: 0 valid, 1 invalid,
 * 2 unknown, 254 bad arguments or input, 255 harness error).
 */
import type { CliIo, ExitCode } from "./io.js";
import type { CliContext } from "./cli-context.js";
import { runProgram, type CommandTable } from "./program.js";

export type { CliContext } from "./cli-context.js";

/** Every subcommand, in help order, as a lazy import of its module. */
const COMMANDS: CommandTable = {
  run: async () => (await import("./run-command.js")).runCommand,
  analyze: async () => (await import("./analyze-command.js")).analyzeCommand,
  check: async () => (await import("./check-command.js")).checkCommand,
  demo: async () => (await import("./demo-command.js")).demoCommand,
  clean: async () => (await import("./clean-command.js")).cleanCommand,
  list: async () => (await import("./list-command.js")).listCommand,
  serve: async () => (await import("./serve-command.js")).serveCommand,
  matrix: async () => (await import("./matrix-command.js")).matrixCommand,
  scenario: async () => (await import("./scenario-command.js")).scenarioCommand,
  validate: async () => (await import("./validate-command.js")).validateCommand,
  images: async () => (await import("./images-command.js")).imagesCommand,
  hosts: async () => (await import("./hosts-command.js")).hostsCommand,
};

/** Parses `argv` (without node and script), runs the command, returns its exit code. */
export async function main(argv: readonly string[], io: CliIo, env: Omit<CliContext, "io" | "argv">): Promise<ExitCode> {
  return runProgram(COMMANDS, argv, io, env);
}
