/**
 * The one script (POSIX sh, as root on a host) that removes what runs left
 * there, for one scope: one run's leftovers; this controller's runs' (the
 * processes carrying FENCECHECK_CONTROLLER=<id>, the jumps commented with
 * it, the folders whose `controller` file names it); or every run's. What
 * it leaves of other runs it names on "left ..." lines.
 */
import { checkRunId, HarnessError } from "../../../core/index.js";
import { CONTROLLER_ID_FORM } from "../common/controller-id.js";
import { DELAY_CHAIN, LOSS_CHAIN } from "../common/traffic-rules.js";
import { PARTITION_CHAIN } from "../common/partition-rules.js";
import { checkRunFoldersCommand, runFolder, RUNS_ROOT } from "./host-folders.js";
import { shellWord } from "./remote-command.js";

export { RUNS_ROOT, runFolder };

/** The environment variable that marks a run's processes on a host. */
export const RUN_MARK = "FENCECHECK_RUN";

/** The environment variable that marks a run's host watchdog (host-watchdog.ts) and what it runs. */
export const WATCHDOG_MARK = "FENCECHECK_WATCHDOG";

/** The environment variable that names the controller of a run's processes and watchdog (controller-id.ts). */
export const CONTROLLER_MARK = "FENCECHECK_CONTROLLER";

/** The file of a run's folder that names its controller. */
export const CONTROLLER_FILE = "controller";

/** Our chains on a host: table, the built-in chain that jumps to it, its name. */
export const HOST_CHAINS: readonly (readonly [string, string, string])[] = [["filter", "INPUT", PARTITION_CHAIN], ["filter", "INPUT", LOSS_CHAIN], ["nat", "PREROUTING", DELAY_CHAIN]];

/** The last line the script prints: without it the script was cut short. */
export const CLEANUP_DONE = "cleanup done";

/** Whose leftovers a cleanup reaches: one run's, this controller's runs', or every run's. */
export type CleanupScope = { readonly runId: string } | { readonly controllerId: string } | { readonly all: true };

/** What `cleanupScript` leaves in place. */
export interface CleanupOptions {
  /** Keep the run's folder (the watchdog writes its report there). */
  readonly keepFolder?: boolean;
  /** Leave the run's watchdog alone (the watchdog runs this script itself). */
  readonly spareWatchdog?: boolean;
}

/**
 * The comment of a run's iptables jumps on a host, `fencecheck:<controller>:<run>`,
 * which is how `clean` tells its jumps from other runs'. Pure.
 */
export function jumpComment(controllerId: string, runId: string): string {
  return `fencecheck:${checkControllerId(controllerId)}:${checkRunId(runId)}`;
}

/** Returns `id` when it has the exact form of a controller id; throws "config.invalid" otherwise. Pure. */
export function checkControllerId(id: string): string {
  if (!CONTROLLER_ID_FORM.test(id)) throw new HarnessError("config.invalid", `Cannot use controller id ${JSON.stringify(id)}: it is 16 hex digits`);
  return id;
}

/** The sh `case` pattern of the jump comments (and run names) a scope reaches. */
function scopePatterns(scope: CleanupScope): { readonly comment: string; readonly run: string } {
  const anyRun = "[0-9a-z]".repeat(8);
  if ("runId" in scope) return { comment: `fencecheck:*:${checkRunId(scope.runId)}`, run: scope.runId };
  if ("controllerId" in scope) return { comment: `fencecheck:${checkControllerId(scope.controllerId)}:*`, run: anyRun };
  return { comment: "fencecheck:*", run: anyRun };
}

/** Sets `procs` and `dogs` to the pids of the scope's run processes and watchdogs (none when spared), and `runs` to their run ids. */
function findScript(scope: CleanupScope, spareWatchdog: boolean): string[] {
  const runVar = (pids: string): string =>
    `runs="$runs $(for pid in ${pids}; do tr '\\000' '\\n' < /proc/$pid/environ 2>/dev/null | sed -n -e 's/^${RUN_MARK}=\\([0-9a-z]\\{8\\}\\)$/\\1/p' -e 's/^${WATCHDOG_MARK}=\\([0-9a-z]\\{8\\}\\)$/\\1/p'; done | tr '\\n' ' ')"`;
  if ("runId" in scope) {
    const dogs = spareWatchdog ? "''" : `$(marked ${shellWord(`^${WATCHDOG_MARK}=${scope.runId}$`)})`;
    return [`procs=$(marked ${shellWord(`^${RUN_MARK}=${scope.runId}$`)}); dogs=${dogs}; runs=${scope.runId}`];
  }
  if ("all" in scope) return [`procs=$(marked '^${RUN_MARK}='); dogs=$(marked '^${WATCHDOG_MARK}='); runs=''`, runVar("$procs $dogs")];
  const mine = shellWord(`^${CONTROLLER_MARK}=${checkControllerId(scope.controllerId)}$`);
  return [
    // Both marks: the controller's on a run process (or watchdog) it started, never on anything else.
    `both() { for pid in $(marked "$1"); do grep -qz "$2" /proc/$pid/environ 2>/dev/null && echo $pid; done; }`,
    `procs=$(both ${mine} '^${RUN_MARK}='); dogs=$(both ${mine} '^${WATCHDOG_MARK}='); runs=''`,
    runVar("$procs $dogs"),
    `for pid in $(marked '^${RUN_MARK}='); do case " $procs " in *" $pid "*) ;; *) echo "left run $(tr '\\000' '\\n' < /proc/$pid/environ 2>/dev/null | sed -n 's/^${RUN_MARK}=\\([0-9a-z]\\{8\\}\\)$/\\1/p')";; esac; done`,
  ];
}

/** Sets `folders` to the scope's run folders: the run's; every run's; or those of the controller's runs found, or whose controller file names it. */
function folderScript(scope: CleanupScope): string {
  if ("runId" in scope) return `folders=${shellWord(runFolder(scope.runId))}`;
  const ours = "controllerId" in scope
    ? `case " $runs " in *" $name "*) mine=1;; *) [ "$(head -c 64 "$d/${CONTROLLER_FILE}" 2>/dev/null)" = ${shellWord(scope.controllerId)} ] && mine=1 || mine=0;; esac`
    : "mine=1";
  return [
    "folders=''",
    `for d in ${RUNS_ROOT}/*; do [ -e "$d" ] || continue; name=\${d##*/}`,
    `  case $name in ${scopePatterns(scope).run}) ;; *) echo "left folder $name (not a run's)"; continue;; esac`,
    `  ${ours}`,
    '  if [ $mine = 1 ]; then folders="$folders $d"; else echo "left run $name"; fi',
    "done",
  ].join("\n");
}

/** Removes the scope's jumps to our chains, then each chain no jump reaches any more. */
function chainScript(scope: CleanupScope): string[] {
  const { comment } = scopePatterns(scope);
  return HOST_CHAINS.map(([table, hook, chain]) => [
    // Each commented jump whose comment has our exact form, removed when the scope reaches it (the comment is rebuilt, never run).
    `  for c in $(iptables -w -t ${table} -S ${hook} 2>/dev/null | sed -n 's/^-A ${hook} -m comment --comment "\\{0,1\\}\\(fencecheck:[0-9a-f]\\{16\\}:[0-9a-z]\\{8\\}\\)"\\{0,1\\} -j ${chain}$/\\1/p'); do`,
    `    case $c in ${comment}) iptables -w -t ${table} -D ${hook} -m comment --comment "$c" -j ${chain} 2>/dev/null && chains=$((chains+1));; esac`,
    "  done",
    // A jump without a comment is an older fencecheck's: whose run it was is unknown, so only every run's cleanup removes it.
    ...("all" in scope ? [`  n=0; while [ $n -lt 10 ] && iptables -w -t ${table} -D ${hook} -j ${chain} 2>/dev/null; do n=$((n+1)); chains=$((chains+1)); done`] : []),
    `  if iptables -w -t ${table} -S ${hook} 2>/dev/null | grep -q -- '-j ${chain}$'; then echo 'left chain ${chain} (table ${table}): other runs jump to it'`,
    `  else iptables -w -t ${table} -F ${chain} 2>/dev/null; iptables -w -t ${table} -X ${chain} 2>/dev/null`,
    `    if iptables -w -t ${table} -S ${chain} >/dev/null 2>&1; then echo 'failed chain ${chain} (table ${table}) is still there'; fi; fi`,
  ].join("\n"));
}

/**
 * The script that kills the scope's watchdogs (unless spared; not
 * counted), resumes and kills the scope's run processes, waits up to 5 s
 * for them to go, removes the scope's jumps and every chain of ours no jump
 * reaches any more, runs each scope folder's restore script and removes the
 * folders (unless kept), and prints "left ..." for what it saw of other
 * runs, "killed N", "chains N", one "failed ..." line per thing left, then
 * "cleanup done". Throws "config.invalid" for a run or controller id not of
 * its form. Pure.
 */
export function cleanupScript(scope: CleanupScope, opts: CleanupOptions = {}): string {
  return [
    // One grep reads every environment (NUL-separated entries, each a line to -z): no fork per process, which a loaded host cannot afford.
    "marked() { grep -lz \"$1\" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3; }",
    ...findScript(scope, opts.spareWatchdog === true),
    ...(opts.spareWatchdog === true ? [] : [
      // First, so that it cannot fire while the run is being cleaned. It leads a session of its own
      // (setsid): its group goes too, with a child (sleep, cat) forked after the grep.
      "for pid in $dogs; do kill -KILL -$pid 2>/dev/null; kill -KILL $pid 2>/dev/null; done",
    ]),
    "killed=0; pids=''",
    "for pid in $procs; do",
    '  kill -CONT $pid 2>/dev/null; if kill -KILL $pid 2>/dev/null; then killed=$((killed+1)); pids="$pids $pid"; fi',
    "done",
    "i=0; left=$pids",
    "while [ -n \"$left\" ] && [ $i -lt 50 ]; do i=$((i+1)); sleep 0.1; still=''; for pid in $left; do if [ -e /proc/$pid ] && ! grep -q '^State:.*Z' /proc/$pid/status 2>/dev/null; then still=\"$still $pid\"; fi; done; left=$still; done",
    "[ -n \"$left\" ] && echo \"failed processes still alive after SIGKILL:$left\"",
    "chains=0",
    "if ! command -v iptables >/dev/null 2>&1; then echo 'failed iptables is not installed: our chains could not be checked'; else",
    ...chainScript(scope),
    "fi",
    // Nothing in the runs' folder is run or removed unless the folder check passes (host-folders.ts): a folder another user made is theirs.
    `if [ -e ${shellWord(RUNS_ROOT)} ] || [ -L ${shellWord(RUNS_ROOT)} ]; then if why=$({ ${checkRunFoldersCommand()}
} 2>&1); then`,
    folderScript(scope),
    // An existing lock service the run steered is put back as it was found (continued, or started): see existing-service.ts.
    'for d in $folders; do [ -f "$d/existing-restore.sh" ] && sh "$d/existing-restore.sh" </dev/null >/dev/null 2>&1; done; true',
    // A removal can meet a file a process of the run wrote as it was dying ("Directory not empty"): tried up to 5 times, 0.2 s apart.
    ...(opts.keepFolder === true ? [] : [
      'for d in $folders; do n=0; while [ -e "$d" ] && [ $n -lt 5 ]; do n=$((n+1)); rm -rf "$d" 2>/dev/null || sleep 0.2; done; [ -e "$d" ] && echo "failed folder $d is still there"; done',
    ]),
    'else echo "failed $why"; fi; fi',
    'echo "killed $killed"',
    'echo "chains $chains"',
    `echo '${CLEANUP_DONE}'`,
  ].join("\n");
}
