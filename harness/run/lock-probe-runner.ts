/**
 * Runs the lock probe program (workloads/services/lock-probe) inside a
 * node, where the run's addresses are reachable, and turns its answer into
 * a result or a `HarnessError` carrying the probe's own code and message.
 */
import { HarnessError, type ClusterProcesses, type HarnessErrorCode, type NodeId } from "../../core/index.js";
import { entrypointPath } from "../../workloads/index.js";

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
  const last = result.stdout.trim().split("\n").at(-1) ?? "";
  let answer: ProbeAnswer & { error?: { code?: string; message?: string } } = {};
  try {
    answer = JSON.parse(last) as typeof answer;
  } catch {
    // Not JSON: judged by the exit code below.
  }
  if (result.exitCode === 0 && !answer.error) return answer;
  if (answer.error?.message) {
    const code = (answer.error.code ?? "runtime.node-start-failed") as HarnessErrorCode;
    throw new HarnessError(code === "internal" ? "runtime.node-start-failed" : code, answer.error.message);
  }
  if (silence && (result.exitCode === undefined || result.signal === "SIGKILL")) throw silence();
  const how = result.signal ? `was killed by ${result.signal}` : result.exitCode === undefined ? `gave no answer in ${timeoutMs} ms` : `exited with code ${result.exitCode}`;
  const why = result.stderr.trim().split("\n").at(-1) ?? "";
  throw new HarnessError("runtime.node-start-failed", `Cannot check lock service "${service}" from node "${node}": the probe ${how}${why ? `: ${why}` : ""}`);
}
