/**
 * Waits until a service in a container accepts TCP connections on its
 * node's address, probing from inside the container's network namespace.
 */
import { spawn } from "node:child_process";
import type { Clock, ExecResult, NodeId, NodeProcess, ProcessSpec } from "../../../core/index.js";
import { describeExit } from "../common/port-probe.js";
import { nodeStartFailure } from "../common/start-failure.js";
import { readinessArgv } from "./network-faults.js";

/** What to wait for. */
export interface ServiceProbe {
  readonly node: NodeId;
  readonly proc: NodeProcess & { readonly spec: ProcessSpec };
  readonly host: string;
  readonly port: number;
  readonly timeoutMs: number;
  readonly clock: Clock;
  /** The container's main PID on this host (local engine); absent on a remote engine. */
  readonly mainPid: number | undefined;
  /** Runs a command in a node's container (used on a remote engine). */
  readonly run: (node: NodeId, argv: readonly string[], env?: Readonly<Record<string, string>>, opts?: { timeoutMs?: number }) => Promise<ExecResult>;
}

/** Node's own connect loop, for a remote engine (busybox nc cannot tell refused from timeout). */
const NODE_LOOP =
  "const [h,p,t]=process.argv.slice(1);const end=performance.now()+Number(t);" +
  "(function go(){const s=require('net').connect({host:h,port:Number(p)});" +
  "s.on('connect',()=>process.exit(0));s.on('error',()=>{s.destroy();if(performance.now()>end)process.exit(1);setTimeout(go,20)});})()";

/**
 * Resolves once the port accepts a connection. Rejects with
 * "runtime.node-start-failed" when the process exits first or the time runs
 * out, in one line naming its log and the log's last line.
 */
export async function waitForService(probe: ServiceProbe): Promise<void> {
  const timer = new AbortController();
  const probed = probe.mainPid === undefined ? probeRemote(probe) : probeLocal(probe.mainPid, probe, timer.signal);
  const outcome = await Promise.race([
    probed,
    probe.proc.exited,
    probe.clock.sleep(probe.timeoutMs, timer.signal).then(() => "timeout" as const),
  ]);
  timer.abort();
  if (outcome === "ready") return;
  const why =
    outcome === "timeout" || outcome === "probe-failed"
      ? `port ${probe.port} not ready after ${probe.timeoutMs} ms`
      : `process exited ${describeExit(outcome)} before port ${probe.port} was ready`;
  throw nodeStartFailure({ node: probe.node, why, logFile: probe.proc.spec.logFile });
}

function probeLocal(mainPid: number, probe: ServiceProbe, signal: AbortSignal): Promise<"ready" | "probe-failed"> {
  const argv = readinessArgv(mainPid, probe.host, probe.port);
  const child = spawn(argv[0] as string, argv.slice(1), { stdio: "ignore" });
  signal.addEventListener("abort", () => child.exitCode === null && child.kill("SIGKILL"), { once: true });
  return new Promise((resolve) => {
    child.on("exit", (code) => resolve(code === 0 ? "ready" : "probe-failed"));
    child.on("error", () => resolve("probe-failed"));
  });
}

async function probeRemote(probe: ServiceProbe): Promise<"ready" | "probe-failed"> {
  const argv = ["/usr/bin/node", "-e", NODE_LOOP, probe.host, String(probe.port), String(probe.timeoutMs)];
  const result = await probe.run(probe.node, argv, {}, { timeoutMs: probe.timeoutMs + 2_000 });
  return result.exitCode === 0 ? "ready" : "probe-failed";
}
