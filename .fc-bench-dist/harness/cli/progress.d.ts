/**
 * The progress line a run shows when stdout is a terminal: a bar of the
 * time limit, elapsed seconds, client ops so far and the faults in force,
 * redrawn in place (at most every 200 ms) and cleared before log lines.
 */
import { type Clock, type FaultShading, type Op } from "../core/index.js";
import type { CliIo } from "./io.js";
/** What the line shows. */
export interface ProgressState {
    readonly elapsedMs: number;
    readonly timeLimitMs: number;
    readonly ops: number;
    readonly faults: readonly string[];
}
/** The line for a state, without control characters; `width` is the bar's cells. Pure. */
export declare function progressLine(s: ProgressState, width?: number): string;
/** Which faults are in force, from nemesis ops and the package's shading. */
export interface FaultTracker {
    onOp(op: Op): void;
    readonly active: () => string[];
}
/** Tracks faults: a `start` invoke opens one, a `stop` op closes the same nodes (or all of its kind). */
export declare function faultTracker(shading: readonly FaultShading[]): FaultTracker;
/** Where the progress line goes and what it measures. */
export interface ProgressOptions {
    readonly clock: Clock;
    readonly timeLimitMs: number;
    readonly shading: readonly FaultShading[];
    /** Writes to the terminal (stdout). */
    readonly out: (text: string) => void;
    /** Writes a log line (stderr, which shares the terminal). */
    readonly err: (text: string) => void;
}
/** A live progress line: feed it ops, route log lines through it, stop it at the end. */
export interface Progress {
    onOp(op: Op): void;
    log(line: string): void;
    stop(): void;
}
/** Starts the line and a timer redrawing it every 500 ms until `stop`. */
export declare function createProgress(o: ProgressOptions): Progress;
/** A progress line on a terminal; elsewhere just the log lines on stderr. */
export declare function runProgress(io: CliIo, o: Pick<ProgressOptions, "timeLimitMs" | "shading"> & {
    readonly clock?: Clock;
}): Progress;
