/**
 * One-off commands on a host over its reused connections, and the shell
 * quoting that turns an argv into the command line sshd hands to the
 * user's shell.
 */
import type { Clock, ExecResult } from "../../../core/index.js";
import type { SshHost } from "./ssh-connection.js";

/** Options for `runRemote`. */
export interface RemoteRunOptions {
  /** Written to the command's stdin, which is then closed. */
  readonly input?: string | Buffer;
  readonly timeoutMs?: number;
  readonly clock: Clock;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** Quotes one word for a POSIX shell. Pure. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** An argv as one shell command line. Pure. */
export function shellLine(argv: readonly string[]): string {
  return argv.map(shellWord).join(" ");
}

/**
 * Runs `command` (a shell command line) to completion and resolves with
 * what it did, whatever its exit code; past `timeoutMs` the channel is
 * closed and the result has signal "SIGKILL". Rejects only when no channel
 * can be opened.
 */
export async function runRemote(host: SshHost, command: string, opts: RemoteRunOptions): Promise<ExecResult> {
  const startNs = opts.clock.nowNs();
  const channel = await host.open(command);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  channel.on("data", (chunk: Buffer) => out.push(chunk));
  channel.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  channel.end(opts.input ?? "");
  const timer = new AbortController();
  const late = opts.clock.sleep(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, timer.signal).then(() => "timeout" as const);
  const outcome = await Promise.race([channel.done, late]);
  timer.abort();
  let exitCode: number | undefined;
  let signal: string | undefined;
  if (outcome === "timeout") {
    channel.close();
    signal = "SIGKILL";
  } else {
    exitCode = outcome.code ?? undefined;
    signal = outcome.signal ?? undefined;
  }
  return {
    command,
    exitCode,
    signal,
    stdout: Buffer.concat(out).toString("utf8"),
    stderr: Buffer.concat(err).toString("utf8"),
    durationMs: (opts.clock.nowNs() - startNs) / 1e6,
  };
}
