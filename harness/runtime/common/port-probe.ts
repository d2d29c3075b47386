/**
 * Readiness probing shared by the runtimes: the bash loop that waits for a
 * TCP port from inside a node, and how a process's exit is described.
 */
import type { ProcessExit } from "../../../core/index.js";

const PROBE_INTERVAL_S = 0.02;

/** The bash loop that connects from inside the node until it succeeds (pure). */
export function portProbeScript(host: string, port: number): string {
  return `until { : <>/dev/tcp/${host}/${port}; } 2>/dev/null; do sleep ${PROBE_INTERVAL_S}; done`;
}

/** "with code 1" or "on signal SIGKILL". */
export function describeExit(exit: ProcessExit): string {
  return exit.signal ? `on signal ${exit.signal}` : `with code ${exit.code}`;
}
