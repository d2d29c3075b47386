/**
 * The nodes of a run, derived from its configuration alone, so that
 * generators and nemeses can name them before anything starts:
 * lock nodes l1..lN, storage nodes s1..sN, client nodes c1..cN.
 */
import { type NodeId } from "./op.js";
import type { RunConfig } from "./run-config.js";
import type { NodeSpec } from "./runtime.js";
/** All nodes of a run, lock nodes first. */
export declare function runNodes(config: RunConfig): NodeSpec[];
/** The client node that thread `thread` runs on. */
export declare function clientNode(thread: number): NodeId;
/** The resources (storage keys) a workload spreads over: r1..rN. */
export declare function resourceNames(count: number): string[];
