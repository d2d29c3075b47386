/**
 * What `fencecheck clean` removes besides namespaces: the freezer cgroups
 * and the state directories (skew files) of crashed runs, found by name.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Clock } from "../../../core/index.js";
import { freezerHierarchies, ownedCgroups, setFrozen } from "./freezer-cgroups.js";
import { removeWhenEmpty } from "./node-freezer.js";
import { isRunStateDir } from "./leftover-names.js";

/** Thaws every owned cgroup (frozen v1 tasks cannot die until thawed). Returns their paths. */
export function thawOwnedCgroups(runId?: string, cgroupRoot?: string): string[] {
  const thawed: string[] = [];
  for (const h of freezerHierarchies(cgroupRoot)) {
    for (const name of ownedCgroups(h, runId)) {
      try {
        setFrozen(h, name, false);
      } catch {
        // A cgroup that cannot be thawed is removed below if it is empty.
      }
      thawed.push(join(h.root, name));
    }
  }
  return thawed;
}

/** Removes every owned cgroup once empty; returns the paths removed. */
export async function removeOwnedCgroups(clock: Clock, runId?: string, cgroupRoot?: string): Promise<string[]> {
  const removed: string[] = [];
  for (const h of freezerHierarchies(cgroupRoot)) {
    for (const name of ownedCgroups(h, runId)) {
      if (await removeWhenEmpty(h, name, clock)) removed.push(join(h.root, name));
    }
  }
  return removed;
}

/** Removes the state directory of a run, or of every run (a name of a run id's form only); returns the paths removed. */
export function removeStateDirs(stateDir: string, runId?: string): string[] {
  let names: string[];
  try {
    names = readdirSync(stateDir);
  } catch {
    return [];
  }
  const targets = names.filter((name) => isRunStateDir(name, runId)).map((name) => join(stateDir, name));
  for (const path of targets) rmSync(path, { recursive: true, force: true });
  return targets;
}
