import type { Clock, NodeId, ProcessSpec } from "../../core/index.js";
import type { LocalProcess } from "./node-process.js";
/** Per-node bookkeeping of started processes. */
export interface ProcessTable {
    /** Records a started process; a service replaces the earlier instance of its spec. */
    add(proc: LocalProcess): void;
    /** The live processes of a node, or of every node when `node` is absent. */
    live(node?: NodeId): LocalProcess[];
    /** The service specs of a node whose latest instance has exited. */
    deadServices(node: NodeId): ProcessSpec[];
    /** Signals every live process of the node now, synchronously, and records whether it is paused. */
    signalNode(node: NodeId, signal: "SIGSTOP" | "SIGCONT" | "SIGKILL"): LocalProcess[];
    /** The nodes that are paused (SIGSTOPped and not since resumed or killed). */
    pausedNodes(): NodeId[];
}
/** Creates an empty table. */
export declare function createProcessTable(): ProcessTable;
/**
 * Resolves once each process is in the stopped state ("T" in
 * /proc/<pid>/stat) or has exited, or after about half a second: SIGSTOP is
 * delivered asynchronously, and this narrows the gap to nothing in practice.
 */
export declare function awaitStopped(procs: readonly LocalProcess[], clock: Clock): Promise<void>;
