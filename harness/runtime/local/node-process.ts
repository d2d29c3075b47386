/**
 * One process running inside a node's namespace, tracked by the cluster.
 */
import { spawn } from "node:child_process";
import { closeSync, readFileSync } from "node:fs";
import { HarnessError } from "../../../core/index.js";
import type { Clock, NodeId, ProcessExit, ProcessSpec } from "../../../core/index.js";
import { openLogFd } from "../common/node-log.js";
import { processHandle, stdoutLines } from "../common/process-handle.js";
import type { TrackedProcess } from "../common/process-table.js";
import { namespaceExecArgv } from "./namespaces.js";

/**
 * A started process plus what the cluster needs to manage it. Its
 * `signalGroup` signals the process's whole process group (it leads one),
 * so children it forked (database backends, say) stop and die with it;
 * a vanished group is ignored.
 */
export type LocalProcess = TrackedProcess;

/** Where to start a process, and the clock that times the start. */
export interface SpawnTarget {
  readonly node: NodeId;
  readonly namespace: string;
  readonly clock: Clock;
  /** Added to `spec.env` (the node's fake clock, say) without changing the spec. */
  readonly env?: Readonly<Record<string, string>>;
  /** Called when the program's stdout passes the line cap (`stdoutLines`): the run ends with that error. */
  readonly onFailure?: (error: HarnessError) => void;
}

const EXEC_POLL_MS = 1;
const EXEC_POLL_ROUNDS = 2_000;

/**
 * Spawns `spec` inside the namespace and resolves once the wrappers
 * (`ip netns exec`, `env`) have exec'ed into the program, so the PID is the
 * program's and a signal sent next reaches the program inside its
 * namespace (or once it has exited, or after about two seconds). It does
 * not wait for readiness: see `waitForPort`. The process leads its own
 * process group, so a Ctrl-C meant for the harness does not reach it and
 * the harness decides when it stops. Rejects with
 * "runtime.node-start-failed" when it cannot be spawned.
 */
export function spawnNodeProcess(target: SpawnTarget, spec: ProcessSpec): Promise<LocalProcess> {
  const log = openLogFd(spec.logFile, `--- fencecheck: starting ${spec.argv.join(" ")}`);
  const pipe = spec.stdio === "pipe";
  const wrapped = namespaceExecArgv(target.namespace, spec.argv, target.env ? { ...spec.env, ...target.env } : spec.env);
  const [file, ...args] = wrapped;
  const child = spawn(file as string, args, {
    cwd: spec.cwd,
    detached: true,
    stdio: [pipe ? "pipe" : "ignore", pipe ? "pipe" : log, log],
  });
  closeSync(log);
  let running = true;
  const exited = new Promise<ProcessExit>((resolve) => {
    child.on("exit", (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
  });
  const onLine = stdoutLines(child.stdout, `a program on node "${target.node}" (log ${spec.logFile})`, target.onFailure);
  child.stdin?.on("error", () => undefined);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      running = false;
      reject(new HarnessError("runtime.node-start-failed", `Cannot start node "${target.node}": ${error.message}`, { cause: error }));
    });
    child.once("spawn", () => {
      const pid = child.pid as number;
      const ready = awaitExec(pid, wrapperCmdlines(wrapped), target.clock, () => running);
      const proc = processHandle({
        node: target.node,
        pid,
        spec,
        exited,
        alive: () => running,
        stdin: child.stdin,
        onLine,
        signal: (signal) => void child.kill(signal),
        signalGroup(signal) {
          try {
            process.kill(-pid, signal);
          } catch {
            // The group is gone: nothing left to signal.
          }
        },
      });
      void ready.then(() => resolve(proc));
    });
  });
}

/**
 * The /proc cmdline contents of the wrappers that run before the program:
 * `ip netns exec <ns> [env A=1 ...] argv...`, then `env A=1 ... argv...`.
 */
function wrapperCmdlines(wrapped: readonly string[]): string[] {
  const stages = wrapped[4] === "env" ? [wrapped, wrapped.slice(4)] : [wrapped];
  return stages.map((words) => `${words.join("\0")}\0`);
}

/** Polls /proc until the process no longer runs a wrapper (or has exited, or time is up). */
async function awaitExec(pid: number, wrappers: readonly string[], clock: Clock, running: () => boolean): Promise<void> {
  for (let round = 0; round < EXEC_POLL_ROUNDS && running(); round++) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      return;
    }
    if (cmdline !== "" && !wrappers.includes(cmdline)) return;
    await clock.sleep(EXEC_POLL_MS);
  }
}
