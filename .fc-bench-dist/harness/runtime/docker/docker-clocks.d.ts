import type { Clock, ClockOptions, ClockReading, ClockSkew, ExecResult, NodeId } from "../../core/index.js";
/** Runs a command in a node's container with extra environment. */
export type RunInNode = (node: NodeId, argv: readonly string[], env: Readonly<Record<string, string>>) => Promise<ExecResult>;
/** A docker cluster's fake clocks. */
export interface DockerClocks {
    /** Environment for a process about to start on `node`: its own skew file (empty without fake clocks). */
    envFor(node: NodeId): Record<string, string>;
    /** Sets the node's skew in every file of the node, running processes included. */
    set(node: NodeId, skew: ClockSkew): void;
    /** The offset the node's clock should show at real wall time `atMs`. */
    expectedOffset(node: NodeId, atMs: number): number;
    /** Reads the node's clock with node's `new Date()` under a fresh skew file. */
    read(node: NodeId, run: RunInNode): Promise<ClockReading>;
    /** Removes the skew files. */
    remove(): void;
}
/**
 * Creates `dir` (the host side of CLOCK_MOUNT). With `options` undefined the
 * clocks stay real: `envFor` adds nothing and `read` reports offset 0.
 */
export declare function createDockerClocks(dir: string, clock: Clock, options: ClockOptions | undefined): DockerClocks;
