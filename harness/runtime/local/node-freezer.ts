/**
 * Freezes whole nodes of a local cluster: the freezer cgroup where one is
 * usable (v2 first, then v1), SIGSTOP to every process group otherwise.
 * The node's processes (each leads a process group; their children are
 * found in /proc by group) are moved into `fencecheck-<runId>-<node>` at
 * freeze time, so children forked since the last freeze are caught too.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock, NodeId } from "../../../core/index.js";
import {
  cgroupPids,
  createFreezerCgroup,
  freezerCgroupName,
  freezerHierarchies,
  isFrozen,
  moveIntoCgroup,
  processesInGroups,
  removeCgroup,
  setFrozen,
  type FreezerHierarchy,
} from "./freezer-cgroups.js";
import { awaitStopped, type ProcessTable } from "../common/process-table.js";

/** How a node was frozen. */
export type FreezeMethod = "cgroup-v2" | "cgroup-v1" | "sigstop";

/** A cluster's node freezer. */
export interface NodeFreezer {
  /** Requests the freeze synchronously, then settles once every process is frozen (rejects if not). */
  freeze(node: NodeId): Promise<FreezeMethod>;
  thaw(node: NodeId): void;
  /** Thaws every node this freezer froze (before a stop kills them: frozen v1 tasks ignore SIGKILL). */
  thawAll(): void;
  /** Removes the run's cgroups; call once the processes are gone. */
  removeAll(clock: Clock): Promise<void>;
}

const POLL_MS = 5;
const POLL_ROUNDS = 200;

/** Creates the freezer; `cgroupRoot` is for tests. */
export function createNodeFreezer(opts: { runId: string; table: ProcessTable; clock: Clock; cgroupRoot?: string }): NodeFreezer {
  const candidates = freezerHierarchies(opts.cgroupRoot);
  const used = new Map<NodeId, FreezerHierarchy | "sigstop">();

  function hierarchyFor(node: NodeId): FreezerHierarchy | "sigstop" {
    const known = used.get(node);
    if (known) return known;
    const name = freezerCgroupName(opts.runId, node);
    const chosen = candidates.find((h) => createFreezerCgroup(h, name)) ?? "sigstop";
    used.set(node, chosen);
    return chosen;
  }

  async function awaitFrozen(node: NodeId, h: FreezerHierarchy, name: string): Promise<void> {
    for (let round = 0; round < POLL_ROUNDS; round++) {
      if (isFrozen(h, name)) return;
      await opts.clock.sleep(POLL_MS);
    }
    throw new HarnessError("nemesis.fault-not-applied", `Cannot freeze node "${node}": cgroup "${name}" is not frozen after ${POLL_MS * POLL_ROUNDS} ms`);
  }

  function thaw(node: NodeId): void {
    const h = used.get(node);
    if (h === undefined) return;
    if (h === "sigstop") opts.table.signalNode(node, "SIGCONT");
    else setFrozen(h, freezerCgroupName(opts.runId, node), false);
  }

  return {
    async freeze(node) {
      const h = hierarchyFor(node);
      if (h === "sigstop") {
        const procs = opts.table.signalNode(node, "SIGSTOP");
        await awaitStopped(procs, opts.clock);
        return "sigstop";
      }
      const name = freezerCgroupName(opts.runId, node);
      moveIntoCgroup(h, name, processesInGroups(opts.table.live(node).map((p) => p.pid)));
      setFrozen(h, name, true);
      await awaitFrozen(node, h, name);
      return h.version === 2 ? "cgroup-v2" : "cgroup-v1";
    },
    thaw,
    thawAll() {
      for (const node of used.keys()) thaw(node);
    },
    async removeAll(clock) {
      for (const [node, h] of used) {
        if (h === "sigstop") continue;
        await removeWhenEmpty(h, freezerCgroupName(opts.runId, node), clock);
      }
      used.clear();
    },
  };
}

/** Removes a cgroup, waiting up to about a second for exiting processes to leave it. */
export async function removeWhenEmpty(h: FreezerHierarchy, name: string, clock: Clock): Promise<boolean> {
  for (let round = 0; round < POLL_ROUNDS; round++) {
    if (removeCgroup(h, name)) return true;
    if (cgroupPids(h, name).length > 0 && round > POLL_ROUNDS / 2) break;
    await clock.sleep(POLL_MS);
  }
  return removeCgroup(h, name);
}
