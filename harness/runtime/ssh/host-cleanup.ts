/**
 * What a run leaves on a host, and the one script that removes it: every
 * process whose environment carries FENCECHECK_RUN (of one run, or of any),
 * our iptables chains, and the run's folder. A process is found by its
 * environment, not by a PID file, so a program a node forked is found too
 * and a reused PID never is.
 */
import { DELAY_CHAIN, LOSS_CHAIN } from "../common/traffic-rules.js";
import { PARTITION_CHAIN } from "../common/partition-rules.js";
import { shellWord } from "./remote-command.js";

/** The folder of every run on a host. */
export const RUNS_ROOT = "/var/tmp/fencecheck";

/** The environment variable that marks a run's processes on a host. */
export const RUN_MARK = "FENCECHECK_RUN";

/** A run's folder on a host. Pure. */
export function runFolder(runId: string): string {
  return `${RUNS_ROOT}/${runId}`;
}

/**
 * The shell script that kills the run's processes (every run's when
 * `runId` is undefined), removes our chains and the run folders, and
 * prints "killed N" and "chains N". Pure.
 */
export function cleanupScript(runId: string | undefined): string {
  const pattern = runId === undefined ? `^${RUN_MARK}=` : `^${RUN_MARK}=${runId}$`;
  const hooks = [["filter", "INPUT", PARTITION_CHAIN], ["filter", "INPUT", LOSS_CHAIN], ["nat", "PREROUTING", DELAY_CHAIN]];
  return [
    "killed=0",
    "for p in /proc/[0-9]*; do",
    `  if tr '\\0' '\\n' 2>/dev/null < $p/environ | grep -q ${shellWord(pattern)}; then kill -CONT ${"${p#/proc/}"} 2>/dev/null; kill -KILL ${"${p#/proc/}"} 2>/dev/null && killed=$((killed+1)); fi`,
    "done",
    "chains=0",
    ...hooks.map(([table, hook, chain]) =>
      `if iptables -w -t ${table} -D ${hook} -j ${chain} 2>/dev/null; then chains=$((chains+1)); fi; iptables -w -t ${table} -F ${chain} 2>/dev/null; iptables -w -t ${table} -X ${chain} 2>/dev/null`),
    `rm -rf ${runId === undefined ? `${RUNS_ROOT}/*` : shellWord(runFolder(runId))}`,
    'echo "killed $killed"',
    'echo "chains $chains"',
  ].join("\n");
}

/** What the script printed. Pure. */
export function parseCleanup(stdout: string): { readonly processes: number; readonly chains: number } {
  const count = (word: string): number => Number(new RegExp(`^${word} (\\d+)$`, "m").exec(stdout)?.[1] ?? 0);
  return { processes: count("killed"), chains: count("chains") };
}
