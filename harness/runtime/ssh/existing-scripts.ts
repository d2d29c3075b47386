/**
 * The shell scripts that steer an existing service on its host (pure
 * builders; existing-service.ts runs them over SSH). Each user command runs
 * in a subshell with stdin from /dev/null, so a command that reads stdin
 * cannot hang on the SSH channel.
 */
import type { ExistingService, NodeId } from "../../../core/index.js";
import { portProbeScript } from "../common/port-probe.js";
import { shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** One lock node's host, where the existing service runs. */
export interface ExistingHost {
  readonly node: NodeId;
  readonly address: string;
  readonly ssh: SshHost;
}

/** The file in a run's folder on a host that puts the service back as it was found (run by `stop` and by `fencecheck clean`). */
export const RESTORE_FILE = "existing-restore.sh";

/** `command` in a subshell reading /dev/null (a leading space, so that "$(" before it is never read as "$(("). Pure. */
export function userCommand(command: string): string {
  return ` ( ${command}\n) </dev/null`;
}

/** Prints "pids <list>" with what the service's PID command printed (whitespace-separated numbers only). Pure. */
export function pidsScript(existing: ExistingService): string {
  return `out=$(${userCommand(existing.pid)}); echo "pids $(echo $out | tr -s ' \\t\\n' ' ' | grep -oE '[0-9]+' | tr '\\n' ' ')"`;
}

/** The PIDs in what `pidsScript` printed. Pure. */
export function parsePids(stdout: string): number[] {
  const line = stdout.split("\n").find((l) => l.startsWith("pids"));
  return (line ?? "").slice(4).trim().split(/\s+/).filter((w) => /^\d+$/.test(w)).map(Number).filter((p) => p > 1);
}

/** Sends `signal` to each PID still there. Pure. */
export function signalScript(pids: readonly number[], signal: "STOP" | "CONT" | "KILL"): string {
  return pids.length === 0 ? "true" : `kill -s ${signal} ${pids.join(" ")} 2>/dev/null; true`;
}

/** Exits 0 once every PID shows stopped (or is gone), 1 after `waitS` seconds. Pure. */
export function stoppedCheckScript(pids: readonly number[], waitS: number): string {
  return `end=$(($(date +%s)+${waitS})); for p in ${pids.join(" ")}; do while [ -e /proc/$p ] && ! grep -q '^State:.*[tTZ]' /proc/$p/status; do [ $(date +%s) -gt $end ] && exit 1; sleep 0.005; done; done`;
}

/** Exits 0 once the PID command prints nothing, 1 after `waitS` seconds. Pure. */
export function goneCheckScript(existing: ExistingService, waitS: number): string {
  return `end=$(($(date +%s)+${waitS})); while [ -n "$(${userCommand(existing.pid)} | grep -oE '[0-9]+')" ]; do [ $(date +%s) -gt $end ] && exit 1; sleep 0.1; done`;
}

/** Exits 0 once the PID command prints a PID and `address:port` accepts connections, 1 after `waitS` seconds. Pure. */
export function readyCheckScript(existing: ExistingService, address: string, waitS: number): string {
  const found = `while [ -z "$(${userCommand(existing.pid)} | grep -oE '[0-9]+')" ]; do sleep 0.1; done`;
  return `timeout ${waitS} bash -c ${shellWord(`${found}; ${portProbeScript(address, existing.port)}`)}`;
}

/** Prints "faketime yes" when every PID's environment preloads libfaketime, else "faketime no <pid>". Pure. */
export function faketimeCheckScript(pids: readonly number[]): string {
  return `for p in ${pids.join(" ")}; do tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep -q '^LD_PRELOAD=.*libfaketime' || { echo "faketime no $p"; exit 0; }; done; echo "faketime yes"`;
}

/**
 * The script that puts the service back as it was found: every PID the
 * PID command prints is continued (a pause ends), and when it prints none
 * the start command runs. Safe to run any number of times. Pure.
 */
export function restoreScript(existing: ExistingService): string {
  return [
    `pids=$(${userCommand(existing.pid)} | grep -oE '[0-9]+' | tr '\\n' ' ')`,
    `if [ -n "$pids" ]; then kill -s CONT $pids 2>/dev/null; true; else ${userCommand(existing.start)}; fi`,
  ].join("\n");
}

/** Writes the restore script into the run's folder on the host. Pure. */
export function writeRestoreScript(existing: ExistingService, runDir: string): string {
  const file = `${runDir}/${RESTORE_FILE}`;
  return `mkdir -p ${shellWord(runDir)} && printf '%s\\n' ${shellWord(restoreScript(existing))} > ${shellWord(file)}`;
}
