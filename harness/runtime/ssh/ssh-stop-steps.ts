/**
 * The ssh runtime's own steps around the supervisor's stop sequence
 * (common/node-supervisor.ts `StopSteps`): before the signals, read which
 * hosts' watchdogs fired and heal every fault; to end what the grace left,
 * run the checked cleanup on every host, whatever the others did (it
 * resumes and kills everything of the run, found by its environment mark,
 * and removes its chains and folders); then throw "runtime.command-failed"
 * naming each host that could not be cleaned and what was left there, or
 * whose watchdog fired during the run (it killed the run's processes: what
 * was recorded is in doubt); last, stop the watchdogs and close every
 * connection.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import type { StopSteps } from "../common/node-supervisor.js";
import { cleanHost, cleanupLine, type HostCleanup } from "./host-cleanup.js";
import type { Watchdogs } from "./host-watchdog.js";
import type { SshHost } from "./ssh-connection.js";

/** What the steps act on. */
export interface SshStopParts {
  readonly runId: string;
  readonly hosts: readonly SshHost[];
  readonly watchdogs: Watchdogs;
  /** Heals every fault of the run; never throws. */
  readonly healAll: () => Promise<void>;
  readonly clock: Clock;
}

/** How long the cleanup of one host may take. */
const HOST_CLEANUP_MS = 20_000;

/** The steps of one stop (each stop attempt takes fresh steps). */
export function sshStopSteps(parts: SshStopParts): StopSteps {
  const { runId, hosts } = parts;
  let fired: Awaited<ReturnType<Watchdogs["fired"]>> = [];
  let results: HostCleanup[] = [];
  return {
    async before() {
      fired = await parts.watchdogs.fired();
      await parts.healAll();
    },
    async end() {
      results = await Promise.all(hosts.map((host) => cleanHost(host, runId, { clock: parts.clock, timeoutMs: HOST_CLEANUP_MS })));
    },
    async after() {
      const failed = results.filter((r) => r.failures.length > 0);
      if (failed.length > 0) {
        throw new HarnessError("runtime.command-failed", `Cannot clean ${failed.length} host(s) of run "${runId}": ${failed.map(cleanupLine).join(" | ")} (fencecheck clean --runtime ssh --run-id ${runId})`);
      }
      if (fired.length > 0) {
        const first = (log: string): string => log.trim().split("\n")[0] ?? "";
        throw new HarnessError("runtime.command-failed", `The watchdog of ${fired.length} host(s) fired during run "${runId}" and killed its processes: ${fired.map((f) => `host "${f.host}": ${first(f.log)}`).join(" | ")}`);
      }
    },
    async finally() {
      await parts.watchdogs.stop();
      for (const host of hosts) host.close();
    },
  };
}
