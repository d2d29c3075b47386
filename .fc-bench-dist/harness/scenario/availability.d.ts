/**
 * Whether the lock service stayed available while faults were in force:
 * of the acquires invoked during a fault period, how many succeeded. A
 * design that refuses to grant under a partition is unavailable, not
 * unsafe; the scenario page says which.
 */
import type { FaultShading, History } from "../core/index.js";
/** Acquires attempted and granted while a fault was in force. */
export interface FaultAvailability {
    readonly attempted: number;
    readonly granted: number;
    /** True when acquires were attempted during faults and none was granted. */
    readonly unavailable: boolean;
}
/** Counts acquires invoked inside fault periods and those that returned ok. */
export declare function faultAvailability(history: History, shading: readonly FaultShading[]): FaultAvailability;
