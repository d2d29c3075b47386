/**
 * The JSON the inline timeline script reads: every canvas track encoded
 * compactly (start times as deltas, ends as durations), the styles, the
 * fault shading and the focus window, all in microseconds.
 */
import { type CanvasTrack } from "./canvas-track.js";
import type { FaultPeriod } from "./fault-periods.js";
/** What the script needs besides the tracks. */
export interface TimelineDataInput {
    readonly tracks: readonly CanvasTrack[];
    readonly faults: readonly FaultPeriod[];
    /** Harness ns. */
    readonly end: number;
    readonly focus: {
        readonly start: number;
        readonly end: number;
    } | undefined;
}
/** The script's data as a JSON string safe inside `<script type="application/json">`. Pure. */
export declare function timelineDataJson(input: TimelineDataInput): string;
