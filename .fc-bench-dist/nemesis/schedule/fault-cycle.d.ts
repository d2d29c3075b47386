/**
 * The common schedule of one fault package: wait an interval, start a
 * fault, keep it for a duration, stop it, wait again. What each fault is
 * (which nodes, which shape) comes from `plan`, drawn from an rng seeded by
 * the run's seed and the step number, so a schedule is reproducible from
 * its seed. An aimed fault (`trigger`) starts on a client event instead of
 * a timer: the first matching event at least an interval after the last
 * stop.
 *
 * Every op value carries `package`, and the generator reacts only to
 * nemesis ops of its own package, so packages compose (`--nemesis
 * partition,kill`) without reading each other's events.
 */
import { type Generator, type Op, type Rng } from "../../harness/core/index.js";
/** The fields every cycle op value carries. */
export interface CycleValue {
    readonly package: string;
    readonly [key: string]: unknown;
}
/** How one fault package cycles. */
export interface FaultCycleOptions {
    /** The package name, written into every op value. */
    readonly package: string;
    /** The fault's start and stop `f`. */
    readonly start: string;
    readonly stop: string;
    readonly intervalMs: number;
    readonly durationMs: number;
    readonly seed: number;
    /** The start op's value for fault number `step` (from 0); `trigger` is the event that aimed it. */
    plan(step: number, rng: Rng, trigger: Op | undefined): Readonly<Record<string, unknown>>;
    /** The stop op's value from the start's recorded value; `{}` by default. */
    stopValue?(started: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
    /** When given, a fault starts only right after an event this accepts. */
    trigger?(event: Op): boolean;
}
/** The cycle generator, first fault after one interval. */
export declare function faultCycle(opts: FaultCycleOptions): Generator;
