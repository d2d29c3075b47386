/** A usable freezer hierarchy. */
export interface FreezerHierarchy {
    readonly version: 1 | 2;
    /** The hierarchy's root directory. */
    readonly root: string;
}
/** Where to look for hierarchies; tests may point elsewhere. */
export declare const CGROUP_ROOT = "/sys/fs/cgroup";
/** Every cgroup of every run starts with this. */
export declare const CGROUP_PREFIX = "fencecheck-";
/** The name of a node's cgroup. */
export declare function freezerCgroupName(runId: string, node: string): string;
/**
 * The freezer hierarchies mounted here, v2 first. A v2 root qualifies when
 * it lists `cgroup.controllers` (the freeze file exists only in non-root
 * cgroups); a v1 root when it has `freezer.state` files below it or is the
 * freezer mount itself.
 */
export declare function freezerHierarchies(cgroupRoot?: string): FreezerHierarchy[];
/** Creates (or reuses) a cgroup; returns false when this hierarchy cannot freeze it. */
export declare function createFreezerCgroup(h: FreezerHierarchy, name: string): boolean;
/** Moves processes into the cgroup; a process that has exited is skipped. */
export declare function moveIntoCgroup(h: FreezerHierarchy, name: string, pids: readonly number[]): void;
/** Asks the kernel to freeze (true) or thaw (false) the cgroup. Synchronous. */
export declare function setFrozen(h: FreezerHierarchy, name: string, frozen: boolean): void;
/** True once every process of the cgroup is frozen (v2 "frozen 1"; v1 state FROZEN, not FREEZING). */
export declare function isFrozen(h: FreezerHierarchy, name: string): boolean;
/** The processes in the cgroup. */
export declare function cgroupPids(h: FreezerHierarchy, name: string): number[];
/** The cgroups of a run (or of every run) in the hierarchy. */
export declare function ownedCgroups(h: FreezerHierarchy, runId?: string): string[];
/** Removes an empty cgroup; returns false while processes remain in it (or it is busy). */
export declare function removeCgroup(h: FreezerHierarchy, name: string): boolean;
/** The processes whose process group is one of `groups` (from /proc), the group leaders included. */
export declare function processesInGroups(groups: readonly number[]): number[];
