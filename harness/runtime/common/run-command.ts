/**
 * Runs one short command to completion and reports what it did.
 */
import { spawn } from "node:child_process";
import { CommandError, HarnessError } from "../../../core/index.js";
import type { Clock, ExecResult } from "../../../core/index.js";

/** Options for `runCommand`. */
export interface RunCommandOptions {
  readonly clock: Clock;
  /** Written to stdin, which is then closed. */
  readonly input?: string;
  /** After this long the command is SIGKILLed (its result then has signal "SIGKILL"). Default 10 s. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Runs `argv` and resolves with its `ExecResult` whatever its exit code.
 * Rejects with "runtime.command-failed" only when it cannot be spawned.
 */
export function runCommand(argv: readonly string[], opts: RunCommandOptions): Promise<ExecResult> {
  const [file, ...args] = argv;
  if (file === undefined) return Promise.reject(new HarnessError("internal", "Cannot run a command: argv is empty"));
  const command = argv.join(" ");
  const startNs = opts.clock.nowNs();
  const child = spawn(file, args, { stdio: ["pipe", "pipe", "pipe"] });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => stdout.push(chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  child.stdin.on("error", () => undefined);
  child.stdin.end(opts.input ?? "");
  const timer = new AbortController();
  void opts.clock.sleep(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, timer.signal).then(() => {
    if (!timer.signal.aborted) child.kill("SIGKILL");
  });
  return new Promise((resolve, reject) => {
    child.on("error", (error) => {
      timer.abort();
      reject(new HarnessError("runtime.command-failed", `Cannot run "${command}": ${error.message}`, { cause: error }));
    });
    child.on("close", (code, signal) => {
      timer.abort();
      resolve({
        command,
        exitCode: code ?? undefined,
        signal: signal ?? undefined,
        stdout: stdout.join(""),
        stderr: stderr.join(""),
        durationMs: (opts.clock.nowNs() - startNs) / 1e6,
      });
    });
  });
}

/** Like `runCommand`, but rejects with a `CommandError` when the exit code is not 0. */
export async function runChecked(argv: readonly string[], opts: RunCommandOptions & { readonly context: string }): Promise<ExecResult> {
  const result = await runCommand(argv, opts);
  if (result.exitCode !== 0) {
    throw new CommandError(result, opts.context);
  }
  return result;
}
