/**
 * A watchdog on every host for a control machine that vanishes mid-run (a
 * laptop closed, a CI runner killed, a network that dropped): a small
 * POSIX sh script started detached from the SSH channel (setsid, nohup, its
 * descriptors on /dev/null) that expects the harness to rewrite the run's
 * heartbeat file. After `periodS` seconds (of the host's uptime, so a clock
 * fault or a wall-clock step cannot fire it early) without a new heartbeat
 * it runs the run's cleanup on its host (resume, kill, remove our chains),
 * writes what it did into `<run folder>/watchdog.log` and exits. It exits
 * quietly when the run folder is removed, and the normal end of a run kills
 * it (cleanupScript kills processes carrying WATCHDOG_MARK).
 */
import { HarnessError, messageOf } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { checkControllerId, cleanupScript, CONTROLLER_FILE, CONTROLLER_MARK, runFolder, WATCHDOG_MARK } from "./host-cleanup.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** The default of `--host-watchdog-s`. */
export const DEFAULT_WATCHDOG_S = 30;

/** The watchdog's files in the run folder. */
export const WATCHDOG_FILES = { script: "watchdog.sh", heartbeat: "heartbeat", log: "watchdog.log" } as const;

/**
 * The watchdog script for run `runId`: waits for heartbeats, and after
 * `periodS` s without one runs the run's cleanup (folder kept) into
 * watchdog.log. Throws "config.invalid" for a bad run id or period. Pure.
 */
export function watchdogScript(runId: string, periodS: number): string {
  checkPeriod(periodS);
  const dir = shellWord(runFolder(runId));
  const heartbeat = `${dir}/${WATCHDOG_FILES.heartbeat}`;
  const log = `${dir}/${WATCHDOG_FILES.log}`;
  return [
    "cleanup() {",
    cleanupScript({ runId }, { keepFolder: true, spareWatchdog: true }),
    "}",
    "up() { cut -d. -f1 /proc/uptime; }",
    `last=$(cat ${heartbeat} 2>/dev/null); seen=$(up)`,
    "while :; do",
    "  sleep 1",
    `  [ -d ${dir} ] || exit 0`,
    `  beat=$(cat ${heartbeat} 2>/dev/null)`,
    '  if [ "$beat" != "$last" ]; then last=$beat; seen=$(up); continue; fi',
    `  [ $(( $(up) - seen )) -ge ${periodS} ] || continue`,
    `  { echo "watchdog: no heartbeat from the control machine for ${periodS} s (last: $last), at $(date -u +%Y-%m-%dT%H:%M:%SZ): resuming and killing the run's processes, removing our chains"; cleanup; } > ${log}.partial 2>&1`,
    `  mv ${log}.partial ${log}`,
    "  exit 0",
    "done",
  ].join("\n");
}

/**
 * The command that writes the script, names the run's controller in the
 * run folder (what `clean` reads once the run's processes are gone), and
 * starts the script detached from the channel, marked with the run and
 * its controller. Pure.
 */
export function startWatchdogCommand(runId: string, periodS: number, controllerId: string): string {
  const dir = runFolder(runId);
  const script = shellWord(`${dir}/${WATCHDOG_FILES.script}`);
  const marks = [`${WATCHDOG_MARK}=${runId}`, `${CONTROLLER_MARK}=${checkControllerId(controllerId)}`].map(shellWord).join(" ");
  const named = `echo ${controllerId} > ${shellWord(`${dir}/${CONTROLLER_FILE}`)}`;
  // Not FENCECHECK_CMD's mark: a timed-out one-off command's kill must not reach the watchdog.
  return `cat > ${script} && echo 0 > ${shellWord(`${dir}/${WATCHDOG_FILES.heartbeat}`)} && ${named} && (env -u FENCECHECK_CMD ${marks} setsid nohup sh ${script} </dev/null >/dev/null 2>&1 &) && echo started`;
}

/** The heartbeats of a run's watchdogs; `stop` ends them (the cleanup kills the watchdogs themselves). */
export interface Watchdogs {
  readonly periodS: number;
  /** Stops sending heartbeats and waits for the one in flight. */
  stop(): Promise<void>;
  /** The hosts whose watchdog fired during the run (it wrote its log), each with its log's text. */
  fired(): Promise<readonly { readonly host: string; readonly log: string }[]>;
}

/** What `startWatchdogs` needs. */
export interface WatchdogOptions {
  readonly runId: string;
  /** The run's controller (controller-id.ts). */
  readonly controllerId: string;
  readonly periodS: number;
  readonly clock: Clock;
}

/**
 * Starts the watchdog on every host (the run folder must exist) and sends a
 * heartbeat to each every `periodS / 3` s (at most 5 s) until `stop`.
 * Throws "runtime.node-start-failed" naming a host whose watchdog did not start.
 */
export async function startWatchdogs(hosts: readonly SshHost[], opts: WatchdogOptions): Promise<Watchdogs> {
  const { clock, runId, periodS } = opts;
  const dir = runFolder(runId);
  await Promise.all(hosts.map(async (host) => {
    const started = await runRemote(host, startWatchdogCommand(runId, periodS, opts.controllerId), { clock, input: watchdogScript(runId, periodS) });
    if (started.stdout.trim() !== "started") {
      throw new HarnessError("runtime.node-start-failed", `Cannot start the watchdog on host "${host.target.host}": ${started.stderr.trim() || `exit code ${started.exitCode ?? started.signal}`}`);
    }
  }));
  const stopping = new AbortController();
  const intervalMs = Math.min(5_000, (periodS * 1_000) / 3);
  const beat = async (host: SshHost): Promise<void> => {
    for (let n = 1; !stopping.signal.aborted; n++) {
      await clock.sleep(intervalMs, stopping.signal).catch(() => undefined);
      if (stopping.signal.aborted) return;
      // A failed heartbeat is not an error here: the next one may reach the host, and the watchdog fires if none does.
      await runRemote(host, `[ -d ${shellWord(dir)} ] && echo ${n} > ${shellWord(`${dir}/${WATCHDOG_FILES.heartbeat}`)}`, { clock, timeoutMs: intervalMs * 2 }).catch(() => undefined);
    }
  };
  const loops = hosts.map(beat);
  return {
    periodS,
    async stop() {
      stopping.abort();
      await Promise.all(loops);
    },
    async fired() {
      const logs = await Promise.all(hosts.map(async (host) => {
        try {
          const read = await runRemote(host, `cat ${shellWord(`${dir}/${WATCHDOG_FILES.log}`)} 2>/dev/null || true`, { clock, timeoutMs: 10_000 });
          return { host: host.target.host, log: read.stdout };
        } catch (error) {
          return { host: host.target.host, log: `cannot read the watchdog's log: ${messageOf(error)}` };
        }
      }));
      return logs.filter((l) => l.log.trim() !== "");
    },
  };
}

/** `periodS` when it is a whole number of seconds from 2 to 86400; throws "config.invalid" otherwise. Pure. */
export function checkPeriod(periodS: number): number {
  if (!Number.isInteger(periodS) || periodS < 2 || periodS > 86_400) {
    throw new HarnessError("config.invalid", `Cannot use --host-watchdog-s "${periodS}": give a whole number of seconds from 2 to 86400`);
  }
  return periodS;
}
