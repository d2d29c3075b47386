import type { Clock, ClockOptions, ClockReading, ClockSkew, NodeId, ProcessSpec } from "../../core/index.js";
import type { ProcessTable } from "./process-table.js";
/** What the primitives need. */
export interface ClockAndFreezeParts {
    readonly runId: string;
    readonly clock: Clock;
    readonly table: ProcessTable;
    /** Fake clocks when set. */
    readonly fakeClock?: ClockOptions;
    /** Parent of the run's state directory (skew files). */
    readonly stateDir: string;
    /** The namespace of a node (throws for an unknown node). */
    namespaceOf(node: NodeId): string;
}
/** The cluster methods plus the hooks `local-cluster.ts` calls. */
export interface ClockAndFreeze {
    setClock(node: NodeId, skew: ClockSkew): Promise<void>;
    readClock(node: NodeId): Promise<ClockReading>;
    freeze(node: NodeId): Promise<void>;
    thaw(node: NodeId): Promise<void>;
    /** Extra environment for a process about to start on `node` (its fake clock), if any. */
    envFor(node: NodeId, spec: ProcessSpec): Record<string, string> | undefined;
    /** Thaws every frozen node; call before signalling processes to stop. */
    thawAll(): void;
    /** Removes skew files and cgroups; call once every process has exited. */
    cleanup(): Promise<void>;
}
/** How far a node's clock may read from the asked offset and still count as skewed. */
export declare const CLOCK_TOLERANCE_MS = 150;
/** Creates the primitives; throws "prerequisite.missing" if clocks are asked for without libfaketime. */
export declare function createClockAndFreeze(parts: ClockAndFreezeParts): ClockAndFreeze;
