/**
 * Connects `main` to the real process: stdout/stderr, the working
 * directory, and Ctrl-C/SIGTERM, which abort the run so that it heals,
 * stops every node and still checks what it recorded. A second signal
 * during that clean-up is reported and ignored: leaving nodes behind would
 * be worse (`fencecheck clean` exists for a harness killed with SIGKILL).
 */
import type { ExitCode } from "./io.js";
import type { CliMain } from "./program.js";

/** Runs `main` (the whole CLI, or the check bundle's) in this process and returns the exit code. */
export async function runProcess(argv: readonly string[], main: CliMain): Promise<ExitCode> {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) {
      process.stderr.write(`fencecheck: ${signal} again: still healing faults and stopping nodes, please wait\n`);
      return;
    }
    process.stderr.write(`fencecheck: ${signal}: interrupting the run: healing faults and stopping nodes\n`);
    controller.abort();
  };
  // A closed pipe (`fencecheck list | head`) ends the output, not the process with a stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const io = {
      out: (s: string) => void process.stdout.write(s),
      err: (s: string) => void process.stderr.write(s),
      isTty: process.stdout.isTTY === true,
    };
    return await main(argv, io, { cwd: process.cwd(), signal: controller.signal });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
