/**
 * Drives a nemesis generator the way the interpreter would, with no cluster:
 * each op is invoked at its scheduled time and completes `info` at once with
 * the value it was invoked with (or what `complete` returns). For unit tests
 * and for previewing a schedule. Pure.
 */
import { type Generator, type Op, type OpRequest } from "../../harness/core/index.js";
/** Options of `driveSchedule`. */
export interface DriveOptions {
    /** Stop after this many nemesis ops. */
    readonly maxOps: number;
    /** Stop once harness time passes this (ns). */
    readonly untilNs?: number;
    /** Client events to feed the generator, in time order (aimed faults react to them). */
    readonly events?: readonly Op[];
    /**
     * When nothing is due, ask again this much later (until `untilNs`), as the
     * interpreter does while clients run; without it, driving stops there.
     */
    readonly pollNs?: number;
}
/** The nemesis invocations the generator makes, in order. */
export declare function driveSchedule(gen: Generator, opts: DriveOptions): OpRequest[];
