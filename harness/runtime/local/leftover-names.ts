/**
 * The exact names a local run's leftovers have, so that `fencecheck clean`
 * without a run id takes nothing that merely starts like one: its network
 * namespaces `fc-<run>-hub` and `fc-<run>-<node>` (only of a run whose hub
 * is there), its freezer cgroups `fencecheck-<run>-<node>`, its state
 * folder `<run>` (and, in faketime-shared.ts, its libfaketime shared
 * objects `[sem.]fencecheck-<run>-<key>`). A run id here is what the local runtime
 * accepts (namespaces.ts): 1 to 16 of a-z and 0-9. Pure.
 */

const RUN = "[a-z0-9]{1,16}";
const NODE = "[A-Za-z0-9_.]+(?:-[A-Za-z0-9_.]+)*";
const NAMESPACE = new RegExp(`^fc-(${RUN})-(${NODE})$`);
const CGROUP = new RegExp(`^fencecheck-(${RUN})-${NODE}$`);
const STATE_DIR = new RegExp(`^${RUN}$`);

/**
 * The namespaces among `names` that are a local run's: of the exact form,
 * and of a run whose hub namespace is among `names`; only run `runId`'s
 * when given.
 */
export function runNamespaces(names: readonly string[], runId?: string): string[] {
  const runOf = (name: string): string | undefined => NAMESPACE.exec(name)?.[1];
  const hubs = new Set(names.filter((name) => NAMESPACE.exec(name)?.[2] === "hub").map(runOf));
  return names.filter((name) => {
    const run = runOf(name);
    return run !== undefined && hubs.has(run) && (runId === undefined || run === runId);
  });
}

/** Whether `name` is the freezer cgroup of a node of a run (of run `runId` when given). */
export function isRunCgroup(name: string, runId?: string): boolean {
  const run = CGROUP.exec(name)?.[1];
  return run !== undefined && (runId === undefined || run === runId);
}

/** Whether `name` (in the state folder) is a run's state folder (run `runId`'s when given). */
export function isRunStateDir(name: string, runId?: string): boolean {
  return STATE_DIR.test(name) && (runId === undefined || name === runId);
}
