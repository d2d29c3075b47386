/**
 * One-off commands inside a container, and signals to programs in it:
 * the pieces of a docker cluster that talk to the engine per call.
 */
import { PassThrough } from "node:stream";
import type Docker from "dockerode";
import type { Clock, ExecResult } from "../../../core/index.js";
import { boundedOutput, MAX_COMMAND_OUTPUT_BYTES, outputCutLine } from "../common/bounded-output.js";

/** Options for `execInContainer`. */
export interface ContainerExecOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly input?: string;
  readonly timeoutMs?: number;
  readonly clock: Clock;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Runs `argv` in the container to completion and resolves with what it did,
 * whatever its exit code; a command still running after `timeoutMs` is
 * reported with signal "SIGKILL" (the engine cannot kill an exec: it is
 * left to finish). Past `MAX_COMMAND_OUTPUT_BYTES` on stdout or stderr
 * the exec's stream is closed and the result has no exit code, the first
 * bytes, and stderr ending with one line saying so. Rejects only when the
 * engine refuses the exec.
 */
export async function execInContainer(docker: Docker, container: Docker.Container, argv: readonly string[], opts: ContainerExecOptions): Promise<ExecResult> {
  const command = argv.join(" ");
  const startNs = opts.clock.nowNs();
  const exec = await container.exec({
    Cmd: [...argv],
    Env: Object.entries(opts.env ?? {}).map(([k, v]) => `${k}=${v}`),
    AttachStdin: opts.input !== undefined,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
  });
  const stream = await exec.start({ hijack: true, stdin: opts.input !== undefined });
  const out = boundedOutput();
  const err = boundedOutput();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const cut = new Promise<"stdout" | "stderr">((resolve) => {
    stdout.on("data", (chunk: Buffer) => void (out.push(chunk) || resolve("stdout")));
    stderr.on("data", (chunk: Buffer) => void (err.push(chunk) || resolve("stderr")));
  });
  docker.modem.demuxStream(stream, stdout, stderr);
  if (opts.input !== undefined) stream.end(opts.input);
  const timer = new AbortController();
  const finished = new Promise<"done">((resolve) => {
    stream.on("end", () => resolve("done"));
    stream.on("close", () => resolve("done"));
    stream.on("error", () => resolve("done"));
  });
  const timedOut = opts.clock.sleep(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, timer.signal).then(() => "timeout" as const);
  const outcome = await Promise.race([finished, timedOut, cut]);
  timer.abort();
  const durationMs = (opts.clock.nowNs() - startNs) / 1e6;
  if (outcome === "timeout") return { command, exitCode: undefined, signal: "SIGKILL", stdout: out.text(), stderr: err.text(), durationMs };
  if (outcome !== "done") {
    stream.destroy();
    const said = err.text();
    const stderrText = `${said}${said === "" || said.endsWith("\n") ? "" : "\n"}${outputCutLine(outcome, MAX_COMMAND_OUTPUT_BYTES)}\n`;
    return { command, exitCode: undefined, signal: undefined, stdout: out.text(), stderr: stderrText, durationMs };
  }
  const info = await exec.inspect();
  return { command, exitCode: info.ExitCode ?? undefined, signal: undefined, stdout: out.text(), stderr: err.text(), durationMs };
}

/** Signals a process by its PID on this host (a local engine). A vanished process is ignored. */
export function signalHostPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already: nothing to signal.
  }
}

/**
 * The host PIDs of every process in the container except its idle main
 * process (`docker top`; local engine), so a service's children and a
 * program behind a shell are reached too.
 */
export async function containerPids(container: Docker.Container, mainPid: number): Promise<number[]> {
  const top = await container.top({ ps_args: "-o pid" }).catch(() => undefined);
  const rows = (top?.Processes ?? []) as unknown as string[][];
  return rows.map((row) => Number(row[0])).filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== mainPid);
}
