/**
 * Node clock offsets over time, from the clock nemesis's ops. Any nemesis
 * op (invoke or completion) whose value carries `clocks` contributes one
 * reading per node at the op's time. Accepted shapes, so the chart does not
 * depend on one nemesis version:
 *   clocks: { "n1": -250, "n2": { offsetMs: 1200 } }           (offset in ms)
 *   clocks: [{ node: "n1", offsetMs: -250 }, ...]       (core ClockReading[], from Cluster.readClock)
 * A `reset-clock` op without readings sets every node seen so far back to 0.
 */
import type { History } from "../../harness/core/index.js";
import type { ChartShade, ChartSpec } from "./chart-spec.js";
/** One node's clock offset (ms) at a harness time (s). */
export interface ClockPoint {
    readonly node: string;
    readonly at: number;
    readonly offsetMs: number;
}
/** Every clock reading of the nemesis's ops, in history order. Pure. */
export declare function clockReadings(history: History): ClockPoint[];
/** The clock-offset chart, or undefined when the history holds no clock readings. Pure. */
export declare function clockChart(history: History, shading: readonly ChartShade[]): ChartSpec | undefined;
