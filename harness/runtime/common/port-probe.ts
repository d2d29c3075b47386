/**
 * Readiness probing shared by the runtimes: the bash loop that waits for a
 * TCP port from inside a node, and how a process's exit is described.
 */
import { HarnessError, type ProcessExit } from "../../../core/index.js";
import { shellWord } from "./shell-word.js";

const PROBE_INTERVAL_S = 0.02;

/** The bash loop that connects from inside the node until it succeeds (pure). */
export function portProbeScript(host: string, port: number): string {
  return `until { : <>${tcpPath(host, port)}; } 2>/dev/null; do sleep ${PROBE_INTERVAL_S}; done`;
}

/** bash's /dev/tcp path to `host:port`, quoted as one word (a host is never read as shell). Pure. */
export function tcpPath(host: string, port: number): string {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new HarnessError("config.invalid", `Cannot connect to port "${port}": it is not a port`);
  return shellWord(`/dev/tcp/${host}/${port}`);
}

/** "with code 1" or "on signal SIGKILL". */
export function describeExit(exit: ProcessExit): string {
  return exit.signal ? `on signal ${exit.signal}` : `with code ${exit.code}`;
}
