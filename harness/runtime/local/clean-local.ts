/**
 * `fencecheck clean` for the local runtime.
 */
import { createSystemClock } from "../../core/index.js";
import type { Clock } from "../../core/index.js";
import { listOwnedNamespaces, reapNamespaces } from "./namespace-reaper.js";
import type { ReapResult } from "./namespace-reaper.js";

/** Options for `cleanLocal`. */
export interface CleanLocalOptions {
  /** Only this run's leftovers; every fencecheck namespace when absent. */
  readonly runId?: string;
  readonly clock?: Clock;
}

/**
 * Removes what crashed or SIGKILLed runs left behind: every network
 * namespace named `fc-*` (or `fc-<runId>-*`), after SIGCONT and SIGKILL of
 * every process inside. Needs no state file: the namespace names say it all
 * (see `namespaces.ts`). Touches nothing of the host's own network. Returns
 * the namespaces removed and how many processes were killed.
 */
export async function cleanLocal(opts: CleanLocalOptions = {}): Promise<ReapResult> {
  const clock = opts.clock ?? createSystemClock();
  const namespaces = await listOwnedNamespaces(clock, opts.runId);
  return reapNamespaces(clock, namespaces);
}
