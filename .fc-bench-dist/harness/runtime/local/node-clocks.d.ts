import type { Clock, ClockOptions, ClockReading, ClockSkew, NodeId } from "../../core/index.js";
/** What the clocks need to know. */
export interface NodeClocksOptions {
    readonly runId: string;
    /** Parent of every run's state directory, e.g. "/run/fencecheck". */
    readonly stateDir: string;
    readonly clock: Clock;
    readonly options: ClockOptions;
}
/** A local cluster's fake clocks. */
export interface NodeClocks {
    /** Creates the skew file of a process about to start on `node` and returns its environment. */
    envFor(node: NodeId): Record<string, string>;
    /** Sets the node's skew in every file of the node, running processes included. */
    set(node: NodeId, skew: ClockSkew): void;
    /** The offset the node's clock should show at real wall time `atMs`. */
    expectedOffset(node: NodeId, atMs: number): number;
    /** Runs `date` inside the node under the node's clock and returns its offset from real time. */
    read(node: NodeId, namespace: string): Promise<ClockReading>;
    /** Removes every skew file (the run's whole state directory). */
    remove(): void;
}
/** The directory holding one run's state (skew files); `cleanLocal` removes it. */
export declare function runStateDir(stateDir: string, runId: string): string;
/** The first installed libfaketime, or undefined. */
export declare function findFaketimeLibrary(): string | undefined;
/** Creates the clock directory; throws "prerequisite.missing" without libfaketime. */
export declare function createNodeClocks(opts: NodeClocksOptions): NodeClocks;
