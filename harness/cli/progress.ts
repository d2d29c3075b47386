/**
 * The progress line a run shows when stdout is a terminal: a bar of the
 * time limit, seconds since the first client op, client ops so far and the
 * faults in force,
 * redrawn in place (at most every 200 ms) and cleared before log lines.
 */
import { createSystemClock, faultLabel, stepFaultsInForce, terminalText, type Clock, type FaultInForce, type FaultShading, type Op } from "../../core/index.js";
import type { CliIo } from "./io.js";

/** What the line shows; `elapsedMs` counts from the first client op (undefined before it). */
export interface ProgressState {
  readonly elapsedMs: number | undefined;
  readonly timeLimitMs: number;
  readonly ops: number;
  readonly faults: readonly string[];
}

/** The line for a state, without control characters; `width` is the bar's cells. Pure. */
export function progressLine(s: ProgressState, width = 24): string {
  const elapsed = s.elapsedMs ?? 0;
  const frac = Math.min(1, elapsed / Math.max(s.timeLimitMs, 1));
  const full = Math.round(frac * width);
  const bar = "#".repeat(full) + "-".repeat(width - full);
  const time = s.elapsedMs === undefined ? "starting nodes"
    : elapsed > s.timeLimitMs ? `${(s.timeLimitMs / 1000).toFixed(0)} s done, finishing`
      : `${(elapsed / 1000).toFixed(1)}/${(s.timeLimitMs / 1000).toFixed(0)} s`;
  const faults = s.faults.length === 0 ? "no faults" : `faults: ${s.faults.join(", ")}`;
  return `[${bar}] ${time}  ${s.ops} ops  ${faults}`;
}

/** Which faults are in force, from nemesis ops and the package's shading. */
export interface FaultTracker {
  onOp(op: Op): void;
  readonly active: () => string[];
}

/** Tracks faults by `faultsInForce`'s rule (core/faults-in-force.ts), one op at a time. */
export function faultTracker(shading: readonly FaultShading[]): FaultTracker {
  let inForce: readonly FaultInForce[] = [];
  return {
    onOp(op) {
      inForce = stepFaultsInForce(inForce, op, shading).inForce;
    },
    active: () => inForce.map(faultLabel),
  };
}

/** Where the progress line goes and what it measures. */
export interface ProgressOptions {
  readonly clock: Clock;
  readonly timeLimitMs: number;
  readonly shading: readonly FaultShading[];
  /** Draws on the terminal (stdout), control sequences as they are: only the tool's own line goes here. */
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

const CLEAR = "\r\u001b[2K";

/** Starts the line and a timer redrawing it every 500 ms until `stop`. */
export function createProgress(o: ProgressOptions): Progress {
  const faults = faultTracker(o.shading);
  let ops = 0, lastDraw = -Infinity, stopped = false;
  let start: number | undefined;
  const draw = (force: boolean): void => {
    const now = o.clock.nowNs();
    if (stopped || (!force && now - lastDraw < 200e6)) return;
    lastDraw = now;
    const elapsedMs = start === undefined ? undefined : (now - start) / 1e6;
    o.out(CLEAR + terminalText(progressLine({ elapsedMs, timeLimitMs: o.timeLimitMs, ops, faults: faults.active() })));
  };
  const timer = setInterval(() => draw(true), 500);
  timer.unref();
  return {
    onOp(op) {
      faults.onOp(op);
      if (typeof op.process === "number" && op.type === "invoke") {
        ops++;
        start ??= o.clock.nowNs();
      }
      draw(op.process === "nemesis");
    },
    log(line) {
      if (!stopped) o.out(CLEAR);
      o.err(line);
      draw(true);
    },
    stop() {
      clearInterval(timer);
      if (!stopped) o.out(CLEAR);
      stopped = true;
    },
  };
}

/** A progress line on a terminal; elsewhere just the log lines on stderr. */
export function runProgress(io: CliIo, o: Pick<ProgressOptions, "timeLimitMs" | "shading"> & { readonly clock?: Clock }): Progress {
  if (!io.isTty) return { onOp: () => undefined, log: (line) => io.err(line), stop: () => undefined };
  return createProgress({ ...o, clock: o.clock ?? createSystemClock(), out: (s) => (io.draw ?? io.out)(s), err: (s) => io.err(s) });
}
