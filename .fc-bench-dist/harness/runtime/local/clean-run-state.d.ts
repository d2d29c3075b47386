import type { Clock } from "../../core/index.js";
/** Thaws every owned cgroup (frozen v1 tasks cannot die until thawed). Returns their paths. */
export declare function thawOwnedCgroups(runId?: string, cgroupRoot?: string): string[];
/** Removes every owned cgroup once empty; returns the paths removed. */
export declare function removeOwnedCgroups(clock: Clock, runId?: string, cgroupRoot?: string): Promise<string[]>;
/** Removes the state directory of a run, or of every run; returns the paths removed. */
export declare function removeStateDirs(stateDir: string, runId?: string): string[];
