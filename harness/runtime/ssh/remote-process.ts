/**
 * A program started on a host over one SSH channel. sshd makes each
 * session's shell a session and process-group leader, and the command
 * execs the program in place of that shell, so the PID the shell prints
 * first (on stderr, read off before the rest goes to the log) is the
 * program's and its process group's. stdout is the line protocol ("pipe")
 * or goes to the log with stderr; the log file is on this machine.
 */
import { HarnessError, messageOf } from "../../../core/index.js";
import type { NodeId, ProcessExit, ProcessSpec } from "../../../core/index.js";
import { finished } from "node:stream/promises";
import { logStream, openLogFd } from "../common/node-log.js";
import { processHandle, stdoutLines } from "../common/process-handle.js";
import type { TrackedProcess } from "../common/process-table.js";
import { shellLine, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** Where and how to start a program. */
export interface RemoteTarget {
  readonly node: NodeId;
  readonly host: SshHost;
  /** The argv, environment and working directory as they are on the host. */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** A line sent to the program's stdin as it must read on the host (an agent's configuration names paths). */
  readonly mapLine: (line: string) => string;
  /** Sends a signal to a process group on the host (fire and forget). */
  readonly signalGroup: (pgid: number, signal: NodeJS.Signals) => void;
  /** Called once when the program's log on this machine cannot be written (the error names the file). */
  readonly onLogFailure: (error: HarnessError) => void;
}

const PID_MARK = "fencecheck-pid ";
/** The most read off stderr while waiting for the PID line: a shell prints it first, in a few bytes. */
const MAX_PID_HEAD = 4096;

/** `name` when it can be an environment variable's name; throws "config.invalid" otherwise (it would be read as shell). Pure. */
export function envName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new HarnessError("config.invalid", `Cannot pass environment variable ${JSON.stringify(name)} to a host: a name is letters, digits and _`);
  return name;
}

/** The shell command that prints the shell's PID on stderr and execs the program with its environment, every word quoted. Pure. */
export function startCommand(argv: readonly string[], env: Readonly<Record<string, string>>, cwd: string): string {
  const assignments = Object.entries(env).map(([k, v]) => shellWord(`${envName(k)}=${v}`));
  return `cd ${shellWord(cwd)} && echo "${PID_MARK}$$" >&2 && exec env ${assignments.join(" ")} ${shellLine(argv)}`;
}

/**
 * Starts the program and resolves once its PID is known. Rejects with
 * "runtime.node-start-failed" when no channel opens or the program ends
 * before it printed its PID (a missing binary, a bad directory), and with
 * "store.write-failed" naming the log when its header cannot be written.
 */
export async function startRemoteProcess(target: RemoteTarget, spec: ProcessSpec): Promise<TrackedProcess> {
  const pipe = spec.stdio === "pipe";
  const log = logStream(openLogFd(spec.logFile, `--- fencecheck: starting on ${target.host.target.host}: ${target.argv.join(" ")}`), spec.logFile, target.onLogFailure);
  const fail = (why: string): HarnessError => new HarnessError("runtime.node-start-failed", `Cannot start node "${target.node}" on host "${target.host.target.host}": ${why}`);
  const channel = await target.host.open(startCommand(target.argv, target.env, target.cwd)).catch((error: unknown) => {
    log.end();
    throw fail(messageOf(error));
  });
  const onLine = stdoutLines(pipe ? channel : undefined, `a program on node "${target.node}" (log ${spec.logFile})`, target.onLogFailure);
  if (!pipe) channel.on("data", (chunk: Buffer) => log.write(chunk));
  let running = true;
  const exited = channel.done.then(async (exit): Promise<ProcessExit> => {
    running = false;
    // The channel's close can come before the last stderr bytes are read: the log ends after them.
    await Promise.all([channel.stderr, ...(pipe ? [] : [channel])].map((s) => finished(s, { writable: false }).catch(() => undefined)));
    log.end();
    return exit;
  });
  const pid = await readPid(channel.stderr, log, exited);
  if (pid === "garbled") {
    channel.close();
    throw fail(`its first ${MAX_PID_HEAD} bytes on stderr held no PID line (see ${spec.logFile})`);
  }
  if (pid === undefined) throw fail(`the program ended before it started (${describe(await exited)}; see ${spec.logFile})`);
  return processHandle({
    node: target.node,
    pid,
    spec,
    exited,
    alive: () => running,
    stdin: pipe ? channel : undefined,
    mapSent: target.mapLine,
    onLine,
    signal: (signal) => target.signalGroup(pid, signal),
  });
}

/**
 * Reads the PID line off stderr, then passes the rest of stderr to the log.
 * Undefined when the first line is not the PID line or the program ends
 * first; "garbled" when MAX_PID_HEAD bytes came without a newline.
 */
function readPid(stderr: NodeJS.ReadableStream, log: NodeJS.WritableStream, exited: Promise<ProcessExit>): Promise<number | "garbled" | undefined> {
  return new Promise((resolve) => {
    let head = "";
    const onData = (chunk: Buffer): void => {
      head += chunk.toString("utf8");
      const newline = head.indexOf("\n");
      if (newline < 0 && head.length > MAX_PID_HEAD) {
        stderr.off("data", onData);
        log.write(`${head}\n--- fencecheck: no PID line in the first ${MAX_PID_HEAD} bytes of stderr\n`);
        head = "\n"; // read: the exit below has nothing left to log
        stderr.on("data", (more: Buffer) => log.write(more));
        resolve("garbled");
        return;
      }
      if (newline < 0) return;
      stderr.off("data", onData);
      const first = head.slice(0, newline);
      const rest = head.slice(newline + 1);
      if (!first.startsWith(PID_MARK)) {
        log.write(`${head}`);
        stderr.on("data", (more: Buffer) => log.write(more));
        resolve(undefined);
        return;
      }
      if (rest !== "") log.write(rest);
      stderr.on("data", (more: Buffer) => log.write(more));
      resolve(Number(first.slice(PID_MARK.length)));
    };
    stderr.on("data", onData);
    void exited.then(() => {
      if (head.indexOf("\n") < 0) {
        if (head !== "") log.write(head);
        resolve(undefined);
      }
    });
  });
}

function describe(exit: ProcessExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}
