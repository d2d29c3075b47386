/**
 * One-off commands on a host over its reused connections, and the shell
 * quoting that turns an argv into the command line sshd hands to the
 * user's shell.
 *
 * Closing a channel does not end the command on the host (sshd only closes
 * its pipes), so each command first prints its shell's PID, which sshd made
 * a session and process-group leader, and exports it as FENCECHECK_CMD so
 * that what it starts carries that mark even in another process group. Past
 * the timeout the group and every marked process are killed over a new
 * channel, and the result says whether they are gone.
 */
import type { Clock, ExecResult } from "../../../core/index.js";
import { boundedOutput, MAX_COMMAND_OUTPUT_BYTES, outputCutLine } from "../common/bounded-output.js";
import { shellLine, shellWord } from "../common/shell-word.js";
import type { SshHost } from "./ssh-connection.js";

export { shellLine, shellWord };

/** Options for `runRemote`. */
export interface RemoteRunOptions {
  /** Written to the command's stdin, which is then closed. */
  readonly input?: string | Buffer;
  readonly timeoutMs?: number;
  readonly clock: Clock;
}

/** What happened past the timeout. */
export interface RemoteTimeout {
  /** True only when the host showed none of the command's processes left after SIGKILL. */
  readonly killed: boolean;
  /** What was done, in words ("killed process group 123 (2 processes)", or why not). */
  readonly detail: string;
}

/** A command's result; `timeout` is set when it ran past its time. */
export interface RemoteResult extends ExecResult {
  readonly timeout?: RemoteTimeout;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The environment variable that marks a one-off command's processes with its shell's PID. */
export const COMMAND_MARK = "FENCECHECK_CMD";

const PID_LINE = /^fencecheck-cmd (\d+)\n/;

/** `command` preceded by what lets a timeout find it: its PID on stderr, and the mark exported. Pure. */
export function markedCommand(command: string): string {
  return `echo "fencecheck-cmd $$" >&2; export ${COMMAND_MARK}=$$; ${command}`;
}

/**
 * The script that SIGKILLs process group `pgid` and every process marked
 * with it, waits up to 2 s until none is left, and prints "killed N" then
 * "left M". Pure.
 */
export function killCommandScript(pgid: number): string {
  const mark = shellWord(`${COMMAND_MARK}=${pgid}`);
  // /proc/<pid>/stat after the command name: state, ppid, pgrp, ...; zombies are gone already. One cat, one awk: no fork per process.
  const inGroup = `cat /proc/[0-9]*/stat 2>/dev/null | awk -v g=${pgid} '{ pid = $1; sub(/^.*\\) /, ""); if ($1 != "Z" && $3 == g) print pid }'`;
  const marked = `grep -lzxF ${mark} /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3`;
  const find = `{ ${inGroup}; ${marked}; } | sort -u`;
  return [
    `found() { ${find}; }`,
    "pids=$(found); n=0",
    "for p in $pids; do kill -KILL $p 2>/dev/null && n=$((n+1)); done",
    "i=0; left=$(found)",
    "while [ -n \"$left\" ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i+1)); left=$(found); done",
    'echo "killed $n"',
    'echo "left $(echo $left | wc -w)"',
  ].join("\n");
}

/**
 * Runs `command` (a shell command line) to completion and resolves with
 * what it did, whatever its exit code. Past `timeoutMs` the command's
 * processes are killed on the host and the result has signal "SIGKILL"
 * when they are gone (undefined otherwise) and `timeout` saying what was
 * done. Past `MAX_COMMAND_OUTPUT_BYTES` on stdout or stderr the command is
 * killed the same way, with no exit code, the first bytes kept and stderr
 * ending with one line that says so. Rejects only when no channel can be opened.
 */
export async function runRemote(host: SshHost, command: string, opts: RemoteRunOptions): Promise<RemoteResult> {
  const startNs = opts.clock.nowNs();
  const channel = await host.open(markedCommand(command));
  const out = boundedOutput();
  const err = boundedOutput();
  const cut = new Promise<"stdout" | "stderr">((resolve) => {
    channel.on("data", (chunk: Buffer) => void (out.push(chunk) || resolve("stdout")));
    channel.stderr.on("data", (chunk: Buffer) => void (err.push(chunk) || resolve("stderr")));
  });
  channel.end(opts.input ?? "");
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timer = new AbortController();
  const late = opts.clock.sleep(timeoutMs, timer.signal).then(() => "timeout" as const);
  const outcome = await Promise.race([channel.done, late, cut]);
  timer.abort();
  const stderrText = (): string => err.text();
  const pid = PID_LINE.exec(stderrText())?.[1];
  const base = { command, stdout: out.text(), durationMs: 0 };
  if (typeof outcome === "string") {
    const killed = await killRemote(host, pid === undefined ? undefined : Number(pid), opts.clock);
    channel.close();
    const signal = killed.killed ? ("SIGKILL" as const) : undefined;
    const durationMs = (opts.clock.nowNs() - startNs) / 1e6;
    if (outcome !== "timeout") {
      const said = stderrText().replace(PID_LINE, "");
      const stderr = `${said}${said === "" || said.endsWith("\n") ? "" : "\n"}${outputCutLine(outcome, MAX_COMMAND_OUTPUT_BYTES)}: ${killed.detail}\n`;
      return { ...base, exitCode: undefined, signal, stderr, durationMs };
    }
    const stderr = `${stderrText().replace(PID_LINE, "")}fencecheck: no answer within ${timeoutMs} ms: ${killed.detail}\n`;
    return { ...base, exitCode: undefined, signal, stderr, timeout: killed, durationMs };
  }
  return {
    ...base,
    exitCode: outcome.code ?? undefined,
    signal: outcome.signal ?? undefined,
    stderr: stderrText().replace(PID_LINE, ""),
    durationMs: (opts.clock.nowNs() - startNs) / 1e6,
  };
}

/** Kills the command's processes over a new channel; says what was done. */
async function killRemote(host: SshHost, pgid: number | undefined, clock: Clock): Promise<RemoteTimeout> {
  if (pgid === undefined) return { killed: false, detail: "the command never said its PID, so nothing was killed" };
  try {
    const result = await runRemote(host, killCommandScript(pgid), { clock, timeoutMs: 10_000 });
    const count = (word: string): number | undefined => {
      const found = new RegExp(`^${word} (\\d+)$`, "m").exec(result.stdout)?.[1];
      return found === undefined ? undefined : Number(found);
    };
    const killed = count("killed");
    const left = count("left");
    if (killed === undefined || left === undefined) return { killed: false, detail: `killing process group ${pgid} did not finish (${result.stderr.trim() || `exit code ${result.exitCode}`})` };
    if (left > 0) return { killed: false, detail: `sent SIGKILL to ${killed} process(es) of group ${pgid}, and ${left} remain` };
    return { killed: true, detail: `killed process group ${pgid} (${killed} process(es) sent SIGKILL, none left)` };
  } catch (error) {
    return { killed: false, detail: `could not reach the host to kill process group ${pgid}: ${(error as Error).message}` };
  }
}
