/**
 * One TCP connection attempt from inside a node's namespace, to prove that
 * a fault took effect (or was healed).
 */
import type { Clock, ProbeResult } from "../../../core/index.js";
import { namespaceExecArgv } from "./namespaces.js";
import { runCommand } from "../common/run-command.js";
import { probeScript } from "../common/traffic-rules.js";

/** Where to connect from and to. */
export interface ConnectionProbe {
  readonly namespace: string;
  readonly host: string;
  readonly port: number;
  readonly timeoutMs: number;
  readonly clock: Clock;
}

/**
 * "connected" or "refused" when the destination answered (a refusal still
 * proves the path works), "timeout" when nothing came back in time.
 */
export async function probeConnection(probe: ConnectionProbe): Promise<ProbeResult> {
  const script = probeScript(probe.host, probe.port, probe.timeoutMs / 1000);
  const argv = namespaceExecArgv(probe.namespace, ["bash", "-c", script]);
  const result = await runCommand(argv, { clock: probe.clock, timeoutMs: probe.timeoutMs + 5_000 });
  if (result.exitCode === 0) return "connected";
  return result.exitCode === 124 || result.signal !== undefined ? "timeout" : "refused";
}
