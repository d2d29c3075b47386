/**
 * The clock nemesis: `clock` skews node clocks, `reset-clock` puts them
 * back. After every change it reads each affected node's clock and puts the
 * readings in the op's completion, since only the op and its completion are
 * recorded.
 *
 * Shapes, for the report's offset-over-time plot (times are the ops' own
 * harness times):
 *
 *   invoke {f: "clock", value: ClockValue}
 *   info   {f: "clock", value: ClockValue & { clocks: { [node]: offsetMs } }}
 *   invoke {f: "reset-clock", value: { package, nodes? }}
 *   info   {f: "reset-clock", value: { package, nodes, clocks: { [node]: offsetMs } }}
 *
 * `clocks[node]` is the node's wall clock minus real time in ms, as read
 * right after the change (after the last flip for a strobe). A node absent
 * from `clocks` was not changed by that op. Between two ops a node's offset
 * drifts by (rate - 1) per ms of real time.
 */
import type { Nemesis } from "../../harness/core/index.js";
/** One node's skew; `offsetMs` absent keeps the node's current offset (a rate change without a jump). */
export interface SkewRequest {
    readonly offsetMs?: number;
    readonly rate: number;
}
/** Flip between +deltaMs and -deltaMs every periodMs for durationMs (Jepsen's strobe). */
export interface StrobeRequest {
    readonly deltaMs: number;
    readonly periodMs: number;
    readonly durationMs: number;
}
/** The value of a `clock` op. */
export interface ClockValue {
    readonly package?: string;
    /** Each affected node's skew. */
    readonly skews: Readonly<Record<string, SkewRequest>>;
    /** When set, `skews` is ignored for offsets: the nodes strobe, then keep their last flip. */
    readonly strobe?: StrobeRequest;
    /** For an aimed fault: the client process and lease it follows. */
    readonly process?: number;
    readonly resource?: string;
    readonly token?: string;
    /** Filled in the completion: node -> offset read after the change, ms. */
    readonly clocks?: Readonly<Record<string, number>>;
}
/** The value of a `reset-clock` op; without nodes, every node this nemesis skewed. */
export interface ResetClockValue {
    readonly package?: string;
    readonly nodes?: readonly string[];
    readonly clocks?: Readonly<Record<string, number>>;
}
/** Creates a clock nemesis with its own record of skewed nodes. */
export declare function clockNemesis(): Nemesis;
