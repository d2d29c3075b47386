/**
 * A program started inside a node's container with `docker exec`, its
 * stdin and demultiplexed stdout/stderr attached. On a local engine the
 * PID is the program's real PID on this host, so signals from the harness
 * reach the program itself (not the container's PID 1).
 */
import { constants } from "node:os";
import { PassThrough } from "node:stream";
import type { Duplex } from "node:stream";
import type Docker from "dockerode";
import { HarnessError, messageOf } from "../../../core/index.js";
import type { Clock, NodeId, ProcessExit, ProcessSpec } from "../../../core/index.js";
import { endLog, logStream, openLogFd } from "../common/node-log.js";
import { processHandle, stdoutLines } from "../common/process-handle.js";
import type { TrackedProcess } from "../common/process-table.js";

/** A started program plus what the cluster needs to manage it (`signalGroup` is the same as `signal`). */
export type ExecProcess = TrackedProcess;

/** Where and how to start a program. */
export interface ExecTarget {
  readonly node: NodeId;
  readonly docker: Docker;
  readonly container: Docker.Container;
  /** Environment added before the spec's own (clock variables). */
  readonly env: Readonly<Record<string, string>>;
  /**
   * Delivers a signal to the program: a host `kill` of its PID on a local
   * engine, a `kill` inside the container on a remote one.
   */
  readonly sendSignal: (pid: number, signal: NodeJS.Signals) => void;
  /**
   * On a remote engine the host PID means nothing here: the program is then
   * wrapped in `sh -c 'echo $$ > FILE; exec ...'` and this reads FILE, so
   * the reported PID is the one inside the container.
   */
  readonly readPidFile?: (file: string) => Promise<number>;
  readonly clock: Clock;
  /** Called once when the program's log cannot be written (the error names the file). */
  readonly onLogFailure: (error: HarnessError) => void;
}

const PID_POLL_MS = 2;
const PID_POLL_ROUNDS = 500;

/**
 * Starts `spec` with `docker exec` and resolves once the engine reports the
 * program's PID. Rejects with "runtime.node-start-failed" when the exec
 * cannot be created or started, with "store.write-failed" naming the log
 * when its header cannot be written. The log gets a header line, stderr,
 * and stdout unless `stdio` is "pipe" (then stdout lines go to `onLine`).
 */
export async function startExecProcess(target: ExecTarget, spec: ProcessSpec): Promise<ExecProcess> {
  const pipe = spec.stdio === "pipe";
  const log = logStream(openLogFd(spec.logFile, `--- fencecheck: starting ${spec.argv.join(" ")}`), spec.logFile, target.onLogFailure);
  let stream: Duplex;
  let exec: Docker.Exec;
  const pidFile = `/tmp/.fencecheck-pid-${target.node}-${nextToken()}`;
  const argv = target.readPidFile ? ["/bin/sh", "-c", `echo $$ > ${pidFile}; exec "$0" "$@"`, ...spec.argv] : [...spec.argv];
  try {
    exec = await target.container.exec({
      Cmd: argv,
      Env: Object.entries({ ...target.env, ...spec.env }).map(([k, v]) => `${k}=${v}`),
      ...(spec.cwd ? { WorkingDir: spec.cwd } : {}),
      AttachStdin: pipe,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    });
    stream = (await exec.start({ hijack: true, stdin: pipe })) as Duplex;
  } catch (error) {
    log.end();
    throw new HarnessError("runtime.node-start-failed", `Cannot start node "${target.node}": ${messageOf(error)}`, { cause: error });
  }
  const stdout = new PassThrough();
  const onLine = stdoutLines(pipe ? stdout : undefined, `a program on node "${target.node}" (log ${spec.logFile})`, target.onLogFailure);
  if (!pipe) stdout.pipe(log, { end: false });
  target.docker.modem.demuxStream(stream, stdout, log);
  stream.on("error", () => undefined);
  let running = true;
  let ended = false;
  const exited = new Promise<ProcessExit>((resolve) => {
    const onEnd = (): void => {
      if (ended) return;
      ended = true;
      stdout.end();
      void exitOf(exec, target.clock).then(async (exit) => {
        running = false;
        await endLog(log);
        resolve(exit);
      });
    };
    stream.on("end", onEnd);
    stream.on("close", onEnd);
  });
  const pid = target.readPidFile ? await target.readPidFile(pidFile) : await pidOf(exec, target.clock);
  return processHandle({
    node: target.node,
    pid,
    spec,
    exited,
    alive: () => running,
    stdin: pipe ? stream : undefined,
    onLine,
    signal(signal) {
      if (pid > 0) target.sendSignal(pid, signal);
    },
  });
}

function nextToken(): string {
  return process.hrtime.bigint().toString(36);
}

/** The exec's PID as the engine reports it (0 when the program ended before it could be read). */
async function pidOf(exec: Docker.Exec, clock: Clock): Promise<number> {
  for (let round = 0; round < PID_POLL_ROUNDS; round++) {
    const info = await exec.inspect();
    if (info.Pid > 0) return info.Pid;
    if (!info.Running && info.ExitCode !== null) return 0;
    await clock.sleep(PID_POLL_MS);
  }
  return 0;
}

/** How the exec ended: an exit code above 128 is read as death by signal (128 + n). */
async function exitOf(exec: Docker.Exec, clock: Clock): Promise<ProcessExit> {
  for (let round = 0; round < PID_POLL_ROUNDS; round++) {
    const info = await exec.inspect().catch(() => undefined);
    if (info === undefined) return { code: null, signal: null };
    if (!info.Running) return exitFromCode(info.ExitCode);
    await clock.sleep(PID_POLL_MS);
  }
  return { code: null, signal: null };
}

/** Maps an exec's exit code to a ProcessExit (137 -> SIGKILL). Pure. */
export function exitFromCode(code: number | null): ProcessExit {
  if (code === null) return { code: null, signal: null };
  const signal = Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0];
  return code > 128 && signal ? { code: null, signal } : { code, signal: null };
}
