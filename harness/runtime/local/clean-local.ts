/**
 * `fencecheck clean` for the local runtime.
 */
import { createSystemClock } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { listOwnedNamespaces, reapNamespaces } from "./namespace-reaper.js";
import type { ReapResult } from "./namespace-reaper.js";
import { removeOwnedCgroups, removeStateDirs, thawOwnedCgroups } from "./clean-run-state.js";
import { DEFAULT_STATE_DIR } from "./local-cluster.js";
import { removeSharedObjects } from "../common/faketime-shared.js";

/** Options for `cleanLocal`. */
export interface CleanLocalOptions {
  /** Only this run's leftovers; every fencecheck namespace when absent. */
  readonly runId?: string;
  readonly clock?: Clock;
  /** Parent of the runs' state directories; default "/run/fencecheck". */
  readonly stateDir?: string;
  /** Where libfaketime's shared objects are; default /dev/shm. */
  readonly shmDir?: string;
}

/** What `cleanLocal` removed besides namespaces. */
export interface CleanLocalResult extends ReapResult {
  /** Freezer cgroups removed (paths). */
  readonly cgroups: string[];
  /** Run state directories removed (skew files). */
  readonly stateDirs: string[];
  /** libfaketime shared objects removed (/dev/shm/fencecheck-<runId>-*, see `faketime-shared.ts`). */
  readonly sharedObjects: string[];
}

/**
 * Removes what crashed or SIGKILLed runs left behind: every network
 * namespace named `fc-*` (or `fc-<runId>-*`), after SIGCONT and SIGKILL of
 * every process inside; the freezer cgroups `fencecheck-<runId>-*` (thawed
 * first); the run state directories `/run/fencecheck/<runId>` (skew files); and
 * the run's libfaketime shared objects `/dev/shm/[sem.]fencecheck-<runId>-*`. Needs no state file: the namespace names say it all
 * (see `namespaces.ts`). Touches nothing of the host's own network. Returns
 * the namespaces removed and how many processes were killed.
 */
export async function cleanLocal(opts: CleanLocalOptions = {}): Promise<CleanLocalResult> {
  const clock = opts.clock ?? createSystemClock();
  thawOwnedCgroups(opts.runId);
  const namespaces = await listOwnedNamespaces(clock, opts.runId);
  const reaped = await reapNamespaces(clock, namespaces);
  const cgroups = await removeOwnedCgroups(clock, opts.runId);
  const stateDirs = removeStateDirs(opts.stateDir ?? DEFAULT_STATE_DIR, opts.runId);
  const sharedObjects = removeSharedObjects(opts.runId, opts.shmDir);
  return { ...reaped, cgroups, stateDirs, sharedObjects };
}
