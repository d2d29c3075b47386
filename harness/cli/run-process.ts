/**
 * Connects `main` to the real process: stdout/stderr, the working
 * directory, and Ctrl-C/SIGTERM, which abort the run so that it heals,
 * stops every node and still checks what it recorded. A second signal
 * during that clean-up is reported and ignored: leaving nodes behind would
 * be worse (`fencecheck clean` exists for a harness killed with SIGKILL).
 * A command with nothing to heal (`check`), and a run's checking phase
 * (`endOnInterrupt`: its nodes are stopped and its history stored), keep
 * Node's own handling: the signal ends the process at once, even in the
 * middle of a synchronous search that would never let a handler run.
 *
 * A promise rejected with nobody to catch it is a bug of the harness, never
 * a verdict: the first one aborts the run (which still heals and stops
 * every node), is printed as one line, and the process exits 255 whatever
 * the run found.
 */
import { messageOf } from "../../core/index.js";
import { terminalIo, type CliIo, type ExitCode } from "./io.js";
import type { CliMain } from "./program.js";

/** How Ctrl-C and SIGTERM are met: abort the run's signal and let it clean up, or end the process. */
export type OnInterrupt = "abort" | "exit";

/**
 * Runs `main` (the whole CLI, or the check bundle's) in this process and
 * returns the exit code. It writes through process.stdout and stderr, or
 * through `io` when given (which then meets a closed pipe itself).
 */
export async function runProcess(argv: readonly string[], main: CliMain, onInterrupt: OnInterrupt = "abort", given?: CliIo): Promise<ExitCode> {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) {
      process.stderr.write(`fencecheck: ${signal} again: still healing faults and stopping nodes, please wait\n`);
      return;
    }
    process.stderr.write(`fencecheck: ${signal}: interrupting the run: healing faults and stopping nodes\n`);
    controller.abort();
  };
  // A closed pipe (`fencecheck list | head`, `fencecheck run 2>&1 | head`) ends the output, not the process with a
  // stack trace: a run whose reader went away still heals, stops its nodes and checks (it left them running before).
  if (given === undefined) {
    for (const stream of [process.stdout, process.stderr]) {
      stream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE") throw error;
      });
    }
  }
  let unhandled: { readonly reason: unknown } | undefined;
  const onUnhandled = (reason: unknown): void => {
    unhandled ??= { reason };
    controller.abort();
  };
  process.on("unhandledRejection", onUnhandled);
  const handled: NodeJS.Signals[] = onInterrupt === "abort" ? ["SIGINT", "SIGTERM"] : [];
  for (const signal of handled) process.on(signal, onSignal);
  // Calls under way that let a signal end the process; the handlers are back once none is.
  let ending = 0;
  const endOnInterrupt = async <T>(work: () => Promise<T>): Promise<T> => {
    if (ending++ === 0) for (const signal of handled) process.off(signal, onSignal);
    try {
      return await work();
    } finally {
      if (--ending === 0) for (const signal of handled) process.on(signal, onSignal);
    }
  };
  try {
    const io = terminalIo(given ?? {
      out: (s: string) => void process.stdout.write(s),
      err: (s: string) => void process.stderr.write(s),
      isTty: process.stdout.isTTY === true,
    });
    const code = await main(argv, io, { cwd: process.cwd(), signal: controller.signal, endOnInterrupt });
    if (unhandled === undefined) return code;
    io.err(`fencecheck: internal error (a promise rejected with no handler): ${messageOf(unhandled.reason)}\n`);
    return 255;
  } finally {
    process.off("unhandledRejection", onUnhandled);
    for (const signal of handled) process.off(signal, onSignal);
  }
}
