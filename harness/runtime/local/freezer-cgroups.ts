/**
 * The freezer cgroups of local runs: one cgroup per frozen node, named
 * `fencecheck-<runId>-<node>` directly under the hierarchy's root, so that
 * `fencecheck clean` finds a crashed run's cgroups from their names alone.
 *
 * Two layouts are supported: cgroup v2 (`cgroup.freeze`, `cgroup.events`
 * "frozen 1"), mounted at /sys/fs/cgroup or, in the hybrid layout, at
 * /sys/fs/cgroup/unified; and the v1 freezer controller at
 * /sys/fs/cgroup/freezer (`freezer.state` FROZEN / THAWED).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isRunCgroup } from "./leftover-names.js";

/** A usable freezer hierarchy. */
export interface FreezerHierarchy {
  readonly version: 1 | 2;
  /** The hierarchy's root directory. */
  readonly root: string;
}

/** Where to look for hierarchies; tests may point elsewhere. */
export const CGROUP_ROOT = "/sys/fs/cgroup";

/** Every cgroup of every run starts with this. */
export const CGROUP_PREFIX = "fencecheck-";

/** The name of a node's cgroup. */
export function freezerCgroupName(runId: string, node: string): string {
  return `${CGROUP_PREFIX}${runId}-${node}`;
}

/**
 * The freezer hierarchies mounted here, v2 first. A v2 root qualifies when
 * it lists `cgroup.controllers` (the freeze file exists only in non-root
 * cgroups); a v1 root when it has `freezer.state` files below it or is the
 * freezer mount itself.
 */
export function freezerHierarchies(cgroupRoot: string = CGROUP_ROOT): FreezerHierarchy[] {
  const found: FreezerHierarchy[] = [];
  for (const root of [join(cgroupRoot, "unified"), cgroupRoot]) {
    if (existsSync(join(root, "cgroup.controllers"))) {
      found.push({ version: 2, root });
      break;
    }
  }
  const v1 = join(cgroupRoot, "freezer");
  if (existsSync(join(v1, "cgroup.procs")) && !existsSync(join(v1, "cgroup.controllers"))) found.push({ version: 1, root: v1 });
  return found;
}

/** Creates (or reuses) a cgroup; returns false when this hierarchy cannot freeze it. */
export function createFreezerCgroup(h: FreezerHierarchy, name: string): boolean {
  const dir = join(h.root, name);
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return false;
  }
  return existsSync(join(dir, h.version === 2 ? "cgroup.freeze" : "freezer.state"));
}

/** Moves processes into the cgroup; a process that has exited is skipped. */
export function moveIntoCgroup(h: FreezerHierarchy, name: string, pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      writeFileSync(join(h.root, name, "cgroup.procs"), `${pid}\n`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
  }
}

/** Asks the kernel to freeze (true) or thaw (false) the cgroup. Synchronous. */
export function setFrozen(h: FreezerHierarchy, name: string, frozen: boolean): void {
  if (h.version === 2) writeFileSync(join(h.root, name, "cgroup.freeze"), frozen ? "1\n" : "0\n");
  else writeFileSync(join(h.root, name, "freezer.state"), frozen ? "FROZEN\n" : "THAWED\n");
}

/** True once every process of the cgroup is frozen (v2 "frozen 1"; v1 state FROZEN, not FREEZING). */
export function isFrozen(h: FreezerHierarchy, name: string): boolean {
  try {
    if (h.version === 2) return /^frozen 1$/m.test(readFileSync(join(h.root, name, "cgroup.events"), "utf8"));
    return readFileSync(join(h.root, name, "freezer.state"), "utf8").trim() === "FROZEN";
  } catch {
    return false;
  }
}

/** The processes in the cgroup. */
export function cgroupPids(h: FreezerHierarchy, name: string): number[] {
  try {
    return readFileSync(join(h.root, name, "cgroup.procs"), "utf8").split("\n").filter((l) => l !== "").map(Number);
  } catch {
    return [];
  }
}

/** The cgroups of a run (or of every run) in the hierarchy: `fencecheck-<run>-<node>` exactly (leftover-names.ts). */
export function ownedCgroups(h: FreezerHierarchy, runId?: string): string[] {
  try {
    return readdirSync(h.root).filter((name) => isRunCgroup(name, runId));
  } catch {
    return [];
  }
}

/** Removes an empty cgroup; returns false while processes remain in it (or it is busy). */
export function removeCgroup(h: FreezerHierarchy, name: string): boolean {
  try {
    rmdirSync(join(h.root, name));
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** The processes whose process group is one of `groups` (from /proc), the group leaders included. */
export function processesInGroups(groups: readonly number[]): number[] {
  const wanted = new Set(groups);
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (wanted.has(Number(fields[2]))) pids.push(Number(entry));
    } catch {
      // The process exited while we looked.
    }
  }
  return pids;
}
