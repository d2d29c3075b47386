/**
 * What a run leaves on a host, and how it is removed: every process whose
 * environment carries FENCECHECK_RUN (of one run, of this controller's
 * runs, or of any), our iptables jumps and the chains no jump reaches any
 * more, and the runs' folders (after running the restore script an existing
 * lock service left there); the script is host-cleanup-script.ts. A process
 * is found by its environment, not by a PID file, so a program a node
 * forked is found too and a reused PID never is. The script checks its own
 * work: a process still alive, a chain still there or a folder not removed
 * is a failure line, and a script cut short is a failure too.
 */
import { messageOf } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { CLEANUP_DONE, cleanupScript, type CleanupScope } from "./host-cleanup-script.js";
import { runRemote } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

export { CONTROLLER_FILE, CONTROLLER_MARK, HOST_CHAINS, RUN_MARK, RUNS_ROOT, WATCHDOG_MARK, checkControllerId, cleanupScript, jumpComment, runFolder } from "./host-cleanup-script.js";
export type { CleanupOptions, CleanupScope } from "./host-cleanup-script.js";

/** What cleaning one host did. */
export interface HostCleanup {
  readonly host: string;
  /** Marked processes sent SIGCONT and SIGKILL. */
  readonly processes: number;
  /** Jumps to our chains removed. */
  readonly chains: number;
  /** What could not be removed (a process still alive, a chain, a folder), or why the host could not be cleaned. */
  readonly failures: readonly string[];
  /** What of other runs was seen and left alone ("run <id>", "chain ... : other runs jump to it", "folder <name> (not a run's)"), each once. */
  readonly leftAlone?: readonly string[];
}

/** What the script printed, for `host`; `exit` says how it ended when it did not finish. Pure. */
export function parseCleanup(host: string, stdout: string, exit: string): HostCleanup {
  const lines = stdout.split("\n");
  const count = (word: string): number => Number(new RegExp(`^${word} (\\d+)$`, "m").exec(stdout)?.[1] ?? 0);
  const failures = lines.filter((l) => l.startsWith("failed ")).map((l) => l.slice("failed ".length));
  // A "left run" whose id could not be read (a process gone meanwhile) names nothing.
  const leftAlone = [...new Set(lines.filter((l) => l.startsWith("left ") && l !== "left run").map((l) => l.slice("left ".length)))];
  const finished = lines.includes(CLEANUP_DONE);
  return {
    host, processes: count("killed"), chains: count("chains"), failures: finished ? failures : [...failures, `the cleanup did not finish (${exit})`],
    ...(leftAlone.length > 0 ? { leftAlone } : {}),
  };
}

/** Runs the cleanup of `scope` (a run id: that run's) on one host and says what it did; never rejects (a host that cannot be cleaned is a failure in the result). */
export async function cleanHost(host: SshHost, scope: CleanupScope | string, opts: { readonly clock: Clock; readonly timeoutMs?: number }): Promise<HostCleanup> {
  const name = host.target.host;
  try {
    const script = cleanupScript(typeof scope === "string" ? { runId: scope } : scope);
    const result = await runRemote(host, script, { clock: opts.clock, timeoutMs: opts.timeoutMs ?? 30_000 });
    const exit = result.signal !== undefined ? `no answer: ${result.signal}` : `exit code ${result.exitCode}${result.stderr.trim() ? `: ${result.stderr.trim().split("\n").at(-1)}` : ""}`;
    return parseCleanup(name, result.stdout, exit);
  } catch (error) {
    return { host: name, processes: 0, chains: 0, failures: [`cannot run the cleanup: ${messageOf(error)}`] };
  }
}

/** One line for a host's cleanup: what was removed, what was left alone, then what failed. Pure. */
export function cleanupLine(result: HostCleanup): string {
  const removed = `host "${result.host}": removed ${result.processes} process(es) and ${result.chains} chain(s)`;
  const left = result.leftAlone === undefined ? "" : `; left alone (another control machine's or an older fencecheck's; --all removes them): ${result.leftAlone.join(", ")}`;
  return result.failures.length === 0 ? `${removed}${left}` : `${removed}${left}; could not clean: ${result.failures.join("; ")}`;
}
