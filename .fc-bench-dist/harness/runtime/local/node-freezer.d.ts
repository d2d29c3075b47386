import type { Clock, NodeId } from "../../core/index.js";
import { type FreezerHierarchy } from "./freezer-cgroups.js";
import { type ProcessTable } from "./process-table.js";
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
/** Creates the freezer; `cgroupRoot` is for tests. */
export declare function createNodeFreezer(opts: {
    runId: string;
    table: ProcessTable;
    clock: Clock;
    cgroupRoot?: string;
}): NodeFreezer;
/** Removes a cgroup, waiting up to about a second for exiting processes to leave it. */
export declare function removeWhenEmpty(h: FreezerHierarchy, name: string, clock: Clock): Promise<boolean>;
