/**
 * Waits until a node's service accepts TCP connections on its address.
 */
import { spawn } from "node:child_process";
import type { Clock } from "../../../core/index.js";
import { describeExit, portProbeScript } from "../common/port-probe.js";
import { nodeStartFailure } from "../common/start-failure.js";
import type { LocalProcess } from "./node-process.js";
import { namespaceExecArgv } from "./namespaces.js";

/** What to probe and for how long. */
export interface PortProbe {
  readonly namespace: string;
  readonly host: string;
  readonly port: number;
  readonly timeoutMs: number;
  readonly clock: Clock;
}

/**
 * Resolves once `probe.port` accepts a connection made from inside the
 * node's namespace. Rejects with "runtime.node-start-failed" when the
 * process exits first (naming its exit code or signal) or the time runs
 * out; the one-line message names the process's log and its last line.
 */
export async function waitForPort(node: string, proc: LocalProcess, probe: PortProbe): Promise<void> {
  const argv = namespaceExecArgv(probe.namespace, ["bash", "-c", portProbeScript(probe.host, probe.port)]);
  const child = spawn(argv[0] as string, argv.slice(1), { stdio: "ignore" });
  const timer = new AbortController();
  const probed = new Promise<"ready" | "probe-failed">((resolve) => {
    child.on("exit", (code) => resolve(code === 0 ? "ready" : "probe-failed"));
    child.on("error", () => resolve("probe-failed"));
  });
  const outcome = await Promise.race([
    probed,
    proc.exited,
    probe.clock.sleep(probe.timeoutMs, timer.signal).then(() => "timeout" as const),
  ]);
  timer.abort();
  if (child.exitCode === null) child.kill("SIGKILL");
  if (outcome === "ready") return;
  const why =
    outcome === "timeout"
      ? `port ${probe.port} not ready after ${probe.timeoutMs} ms`
      : outcome === "probe-failed"
        ? `cannot probe port ${probe.port}`
        : `process exited ${describeExit(outcome)} before port ${probe.port} was ready`;
  throw nodeStartFailure({ node, why, logFile: proc.spec.logFile });
}

