/**
 * What a run leaves on a host, and the one script that removes it: every
 * process whose environment carries FENCECHECK_RUN (of one run, or of any),
 * our iptables chains, and the run's folder (after running the restore
 * script an existing lock service left there). A process is found by its
 * environment, not by a PID file, so a program a node forked is found too
 * and a reused PID never is. The script checks its own work: a process
 * still alive, a chain still there or a folder not removed is a failure
 * line, and a script cut short is a failure too.
 */
import { checkRunId, messageOf } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { DELAY_CHAIN, LOSS_CHAIN } from "../common/traffic-rules.js";
import { PARTITION_CHAIN } from "../common/partition-rules.js";
import { checkRunFoldersCommand, runFolder, RUNS_ROOT } from "./host-folders.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

export { RUNS_ROOT, runFolder };

/** The environment variable that marks a run's processes on a host. */
export const RUN_MARK = "FENCECHECK_RUN";

/** The environment variable that marks a run's host watchdog (host-watchdog.ts) and what it runs. */
export const WATCHDOG_MARK = "FENCECHECK_WATCHDOG";

/** Our chains on a host: table, the built-in chain that jumps to it, its name. */
export const HOST_CHAINS: readonly (readonly [string, string, string])[] = [["filter", "INPUT", PARTITION_CHAIN], ["filter", "INPUT", LOSS_CHAIN], ["nat", "PREROUTING", DELAY_CHAIN]];

/** The last line the script prints: without it the script was cut short. */
const DONE = "cleanup done";

/** What cleaning one host did. */
export interface HostCleanup {
  readonly host: string;
  /** Marked processes sent SIGCONT and SIGKILL. */
  readonly processes: number;
  /** Jumps to our chains removed. */
  readonly chains: number;
  /** What could not be removed (a process still alive, a chain, a folder), or why the host could not be cleaned. */
  readonly failures: readonly string[];
}

/** What `cleanupScript` leaves in place. */
export interface CleanupOptions {
  /** Keep the run's folder (the watchdog writes its report there). */
  readonly keepFolder?: boolean;
  /** Leave the run's watchdog alone (the watchdog runs this script itself). */
  readonly spareWatchdog?: boolean;
}

/**
 * The shell script (POSIX sh) that kills the run's watchdog (unless
 * spared; not counted), resumes and kills the run's processes
 * (every run's when `runId` is undefined), waits up to 5 s for them to go,
 * removes our chains and the run folders, and prints "killed N", "chains N",
 * one "failed ..." line per thing left, then "cleanup done". Throws
 * "config.invalid" for a run id not of the harness's form. Pure.
 */
export function cleanupScript(runId: string | undefined, opts: CleanupOptions = {}): string {
  const pattern = runId === undefined ? `^${RUN_MARK}=` : `^${RUN_MARK}=${checkRunId(runId)}$`;
  const folder = runId === undefined ? `${RUNS_ROOT}/*` : shellWord(runFolder(runId));
  const watchdog = runId === undefined ? `^${WATCHDOG_MARK}=` : `^${WATCHDOG_MARK}=${checkRunId(runId)}$`;
  return [
    // One grep reads every environment (NUL-separated entries, each a line to -z): no fork per process, which a loaded host cannot afford.
    "marked() { grep -lz \"$1\" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3; }",
    ...(opts.spareWatchdog === true ? [] : [
      // First, so that it cannot fire while the run is being cleaned. It leads a session of its own
      // (setsid): its group goes too, with a child (sleep, cat) forked after the grep.
      `for pid in $(marked ${shellWord(watchdog)}); do kill -KILL -$pid 2>/dev/null; kill -KILL $pid 2>/dev/null; done`,
    ]),
    "killed=0; pids=''",
    `for pid in $(marked ${shellWord(pattern)}); do`,
    '  kill -CONT $pid 2>/dev/null; if kill -KILL $pid 2>/dev/null; then killed=$((killed+1)); pids="$pids $pid"; fi',
    "done",
    "i=0; left=$pids",
    "while [ -n \"$left\" ] && [ $i -lt 50 ]; do i=$((i+1)); sleep 0.1; still=''; for pid in $left; do if [ -e /proc/$pid ] && ! grep -q '^State:.*Z' /proc/$pid/status 2>/dev/null; then still=\"$still $pid\"; fi; done; left=$still; done",
    "[ -n \"$left\" ] && echo \"failed processes still alive after SIGKILL:$left\"",
    "chains=0",
    "if ! command -v iptables >/dev/null 2>&1; then echo 'failed iptables is not installed: our chains could not be checked'; else",
    ...HOST_CHAINS.map(([table, hook, chain]) => [
      // Bounded: an iptables that keeps answering success must not keep the cleanup looping.
      `  n=0; while [ $n -lt 10 ] && iptables -w -t ${table} -D ${hook} -j ${chain} 2>/dev/null; do n=$((n+1)); chains=$((chains+1)); done`,
      `  iptables -w -t ${table} -F ${chain} 2>/dev/null; iptables -w -t ${table} -X ${chain} 2>/dev/null`,
      `  if iptables -w -t ${table} -S ${chain} >/dev/null 2>&1; then echo 'failed chain ${chain} (table ${table}) is still there'; fi`,
    ].join("\n")),
    "fi",
    // Nothing in the runs' folder is run or removed unless the folder check passes (host-folders.ts): a folder another user made is theirs.
    `if [ -e ${shellWord(RUNS_ROOT)} ] || [ -L ${shellWord(RUNS_ROOT)} ]; then if why=$({ ${checkRunFoldersCommand()}
} 2>&1); then`,
    // An existing lock service the run steered is put back as it was found (continued, or started): see existing-service.ts.
    `for f in ${folder}/existing-restore.sh; do [ -f "$f" ] && sh "$f" </dev/null >/dev/null 2>&1; done; true`,
    ...(opts.keepFolder === true ? [] : [`rm -rf ${folder} 2>/dev/null; for d in ${folder}; do [ -e "$d" ] && echo "failed folder $d is still there"; done`]),
    'else echo "failed $why"; fi; fi',
    'echo "killed $killed"',
    'echo "chains $chains"',
    `echo '${DONE}'`,
  ].join("\n");
}

/** What the script printed, for `host`; `exit` says how it ended when it did not finish. Pure. */
export function parseCleanup(host: string, stdout: string, exit: string): HostCleanup {
  const count = (word: string): number => Number(new RegExp(`^${word} (\\d+)$`, "m").exec(stdout)?.[1] ?? 0);
  const failures = stdout.split("\n").filter((l) => l.startsWith("failed ")).map((l) => l.slice("failed ".length));
  const finished = stdout.split("\n").includes(DONE);
  return { host, processes: count("killed"), chains: count("chains"), failures: finished ? failures : [...failures, `the cleanup did not finish (${exit})`] };
}

/** Runs the cleanup on one host and says what it did; never rejects (a host that cannot be cleaned is a failure in the result). */
export async function cleanHost(host: SshHost, runId: string | undefined, opts: { readonly clock: Clock; readonly timeoutMs?: number }): Promise<HostCleanup> {
  const name = host.target.host;
  try {
    const result = await runRemote(host, cleanupScript(runId), { clock: opts.clock, timeoutMs: opts.timeoutMs ?? 30_000 });
    const exit = result.signal !== undefined ? `no answer: ${result.signal}` : `exit code ${result.exitCode}${result.stderr.trim() ? `: ${result.stderr.trim().split("\n").at(-1)}` : ""}`;
    return parseCleanup(name, result.stdout, exit);
  } catch (error) {
    return { host: name, processes: 0, chains: 0, failures: [`cannot run the cleanup: ${messageOf(error)}`] };
  }
}

/** One line for a host's cleanup: what was removed, then what failed. Pure. */
export function cleanupLine(result: HostCleanup): string {
  const removed = `host "${result.host}": removed ${result.processes} process(es) and ${result.chains} chain(s)`;
  return result.failures.length === 0 ? removed : `${removed}; could not clean: ${result.failures.join("; ")}`;
}
