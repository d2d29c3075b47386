import type { Grudge, NodeId } from "../../core/index.js";
/** Our chain's name in each node's filter table. */
export declare const PARTITION_CHAIN = "FENCECHECK";
/**
 * For each node of the grudge, the addresses whose INPUT it drops. Throws
 * "config.invalid" when the grudge names a node the cluster does not have.
 */
export declare function grudgeSources(grudge: Grudge, hosts: ReadonlyMap<NodeId, string>): Map<NodeId, string[]>;
/**
 * The restore input that (re)declares our chain, which flushes it, fills it
 * with one DROP per source address, and adds the INPUT jump when `addJump`.
 */
export declare function partitionScript(sources: readonly string[], addJump: boolean): string;
/** The restore input that removes the jump and our chain. */
export declare function healScript(): string;
