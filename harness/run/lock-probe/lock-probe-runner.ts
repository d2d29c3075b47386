/**
 * Runs the lock probe program (workloads/services/lock-probe) inside a
 * node, where the run's addresses are reachable, and turns its answer into
 * a result or a `HarnessError` carrying the probe's own code and message.
 * The preflight's probe may be started ahead, while the services start
 * (`startLockProbe`), and given its arguments once the lock service answers.
 */
import { HarnessError, type ClusterProcesses, type HarnessErrorCode, type NodeId } from "../../../core/index.js";
import { entrypointPath } from "../../../workloads/index.js";

/** What a successful probe printed (the preflight's token; the leader's endpoint; nothing for `ready`). */
export interface ProbeAnswer {
  readonly token?: string | null;
  readonly leader?: string | null;
}

/**
 * Runs `node lock-probe ...args` in `node`; rejects with the probe's error,
 * or on a timeout with `silence()` when given (else a node-start failure).
 */
export async function runLockProbe(
  cluster: Pick<ClusterProcesses, "exec">,
  node: NodeId,
  service: string,
  args: readonly string[],
  timeoutMs: number,
  silence?: () => HarnessError,
  /** The probe program; the built one by default (tests give their own, so they need no build). */
  program?: string,
  /** Set in the probe's environment (through env(1): `exec` takes an argv alone). */
  env: Readonly<Record<string, string>> = {},
): Promise<ProbeAnswer> {
  const assignments = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  const argv = [...(assignments.length > 0 ? ["env", ...assignments] : []), process.execPath, program ?? entrypointPath("lock-probe"), ...args];
  const result = await cluster.exec(node, argv, { timeoutMs });
  const why = result.stderr.trim().split("\n").at(-1) ?? "";
  return judgeProbe({ node, service, timeoutMs, silence }, { exitCode: result.exitCode, signal: result.signal, stdout: result.stdout, why });
}

/** A probe started before its arguments are known (`startLockProbe`). */
export interface StartedProbe {
  /** Sends the arguments and waits for the answer, as `runLockProbe` does, the time limit running from now. */
  run(args: readonly string[], timeoutMs: number, silence?: () => HarnessError): Promise<ProbeAnswer>;
}

/** Where a probe started ahead runs and logs. */
export interface EarlyProbeSpec {
  readonly node: NodeId;
  readonly service: string;
  /** Receives the probe's stderr. */
  readonly logFile: string;
  readonly env?: Readonly<Record<string, string>>;
  /** The probe program; the built one by default. */
  readonly program?: string;
}

/**
 * Starts the lock probe in `spec.node` waiting for its arguments on stdin
 * (`node lock-probe -`), so that it has started and loaded its code when
 * `run` gives them. A probe never run is left to the cluster's stop.
 */
export function startLockProbe(cluster: Pick<ClusterProcesses, "startProcess">, spec: EarlyProbeSpec): StartedProbe {
  const started = cluster.startProcess(spec.node, {
    argv: [process.execPath, spec.program ?? entrypointPath("lock-probe"), "-"],
    ...(spec.env !== undefined ? { env: spec.env } : {}),
    logFile: spec.logFile,
    stdio: "pipe",
    kind: "agent",
  });
  // Met where `run` awaits it; a probe never run must not leave a rejection nobody handles.
  started.catch(() => undefined);
  return {
    async run(args, timeoutMs, silence) {
      const proc = await started;
      const lines: string[] = [];
      proc.onLine((line) => lines.push(line));
      proc.send(JSON.stringify(args));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), timeoutMs)));
      const exit = await Promise.race([proc.exited, late]);
      clearTimeout(timer);
      const ctx = { node: spec.node, service: spec.service, timeoutMs, silence };
      if (exit === "late") {
        proc.signal("SIGKILL");
        return judgeProbe(ctx, { exitCode: undefined, signal: "SIGKILL", stdout: lines.join("\n"), why: "" });
      }
      return judgeProbe(ctx, { exitCode: exit.code ?? undefined, signal: exit.signal ?? undefined, stdout: lines.join("\n"), why: `see ${spec.logFile}` });
    },
  };
}

/** How a probe ended: its exit code (undefined when it was cut off), its stdout, and a last word on why it failed. */
interface ProbeEnd {
  readonly exitCode: number | undefined;
  readonly signal: string | undefined;
  readonly stdout: string;
  readonly why: string;
}

/** A probe's answer from how it ended, or the error it names (`silence()` for one cut off when given). */
function judgeProbe(ctx: { node: NodeId; service: string; timeoutMs: number; silence?: (() => HarnessError) | undefined }, end: ProbeEnd): ProbeAnswer {
  const last = end.stdout.trim().split("\n").at(-1) ?? "";
  let answer: ProbeAnswer & { error?: { code?: string; message?: string } } = {};
  try {
    answer = JSON.parse(last) as typeof answer;
  } catch {
    // Not JSON: judged by the exit code below.
  }
  if (end.exitCode === 0 && !answer.error) return answer;
  if (answer.error?.message) {
    const code = (answer.error.code ?? "runtime.node-start-failed") as HarnessErrorCode;
    throw new HarnessError(code === "internal" ? "runtime.node-start-failed" : code, answer.error.message);
  }
  if (ctx.silence && (end.exitCode === undefined || end.signal === "SIGKILL")) throw ctx.silence();
  const how = end.signal ? `was killed by ${end.signal}` : end.exitCode === undefined ? `gave no answer in ${ctx.timeoutMs} ms` : `exited with code ${end.exitCode}`;
  throw new HarnessError("runtime.node-start-failed", `Cannot check lock service "${ctx.service}" from node "${ctx.node}": the probe ${how}${end.why ? `: ${end.why}` : ""}`);
}
