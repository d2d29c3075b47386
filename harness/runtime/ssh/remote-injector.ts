/**
 * The clock injector on a host, over SSH: the bundle's copy
 * (deployment.ts, `remoteLayout().injector`) run as root (the connection's
 * own sudo when the user is not root) by the PID the process has on that
 * host, and a process's descendants read from that host's procfs. The same
 * commands, exit codes and readings as on this machine
 * (common/clock-injector.ts).
 */
import { HarnessError, type Clock } from "../../../core/index.js";
import { clockInjector, type ClockInjector } from "../common/clock-injector.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** How long one injector command may take on a host (attaching to every thread of a JVM included). */
const INJECTOR_TIMEOUT_MS = 15_000;

/** The injector at `program` on `host`; each failure names the host (and, refused by the kernel, what the injector needs there). */
export function remoteClockInjector(host: SshHost, program: string, clock: Clock): ClockInjector {
  const injector = clockInjector(async (args) => {
    const result = await runRemote(host, [program, ...args].map(shellWord).join(" "), { clock, timeoutMs: INJECTOR_TIMEOUT_MS });
    return { exitCode: result.timeout ? undefined : result.exitCode, stdout: result.stdout, stderr: result.stderr };
  });
  const onHost = <T>(step: Promise<T>): Promise<T> => step.catch((error: unknown) => {
    if (!(error instanceof HarnessError)) throw error;
    const needs = error.code === "prerequisite.missing" ? ": it runs as root there and needs CAP_SYS_PTRACE for a process of another user, which a container host lacks" : "";
    throw new HarnessError(error.code, `${error.message} (on host "${host.target.host}"${needs})`, { cause: error });
  });
  return {
    inject: (pid, injection) => onHost(injector.inject(pid, injection)),
    set: (pid, offsetNs, rate) => onHost(injector.set(pid, offsetNs, rate)),
    remove: (pid) => onHost(injector.remove(pid)),
    read: (pid, clockId) => onHost(injector.read(pid, clockId)),
  };
}

/**
 * Prints the descendants of the process whose PID is $1, depth first, one
 * per line, from /proc/PID/task/TID/children (as process-tree.ts reads them
 * here); a process gone meanwhile lists none.
 */
export const DESCENDANTS_SCRIPT = 'd(){ for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do echo "$c"; d "$c"; done; }; d';

/** The descendants of `pid` on `host`. */
export async function remoteDescendants(host: SshHost, pid: number, clock: Clock): Promise<number[]> {
  const result = await runRemote(host, `${DESCENDANTS_SCRIPT} ${shellWord(String(pid))}`, { clock });
  return result.stdout.split("\n").map((line) => line.trim()).filter((line) => /^\d+$/.test(line)).map(Number);
}
