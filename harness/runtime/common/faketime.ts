/**
 * Pure builders for libfaketime (Debian's `libfaketime`), compare Jepsen's
 * `jepsen/faketime.clj`.
 *
 * What libfaketime does, as read in its source (0.9.10) and measured here:
 * - A skew file (`FAKETIME_TIMESTAMP_FILE`) holds "+<seconds> x<rate>",
 *   seconds with a "." fraction (the C locale). With `FAKETIME_NO_CACHE=1`
 *   every wall-clock read re-reads the file (about 7 µs per wall-clock read in Node),
 *   so a change takes effect at the process's next read.
 *   `FAKETIME_CACHE_DURATION=1` re-reads it only when more than a whole
 *   second has passed, so a change showed up to 2 s late: too late to aim.
 * - The faked wall clock is `S + offset + (t - S) * rate`, where `S` is the
 *   real time the process loaded the library (its start). Offsets alone do
 *   not depend on `S`; a rate does, so each process gets its own file, with
 *   the offset that makes its clock read the node's clock (`processOffsetMs`).
 * - A rate also scales the process's sleeps and poll timeouts (a timer of
 *   1 s under x0.5 fires after 2 s of real time): a slow clock slows the
 *   process's timers too.
 * - `FAKETIME_DONT_FAKE_MONOTONIC=1` leaves CLOCK_MONOTONIC real: Node's
 *   timers run on it, and a faked backward jump stalls them.
 * - Without it (`clock.monotonic=true`) CLOCK_MONOTONIC takes the same
 *   offset. A process whose monotonic clock is set back before the moment
 *   it started aborts if it is Node (`Assertion failed: (now) >=
 *   (timer_base())`): a crash the fault made, which no real monotonic clock
 *   can, so such a change waits until every process is old enough
 *   (`monotonicFloorMs`).
 */
import { HarnessError, type Clock, type ClockOptions, type ClockReading, type ClockSkew, type NodeId } from "../../../core/index.js";

/** How far a node's clock may read from the asked offset and still count as skewed. */
export const CLOCK_TOLERANCE_MS = 150;

/** Where Debian installs the library (the first that exists is used). */
export const FAKETIME_LIBRARY_PATHS: readonly string[] = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/faketime/libfaketime.so.1",
];

/** A node's clock: `skew` set at real wall time `setAtMs`. */
export interface NodeClockState {
  readonly skew: ClockSkew;
  readonly setAtMs: number;
}

/** The unskewed clock. */
export const REAL_CLOCK: NodeClockState = { skew: { offsetMs: 0, rate: 1 }, setAtMs: 0 };

/**
 * The skew-file line for a process: "+2.500000 x0.5". The offset is in
 * seconds with microseconds, signed; the rate always present (x1 for real
 * speed), since libfaketime needs an offset before a rate. Pure.
 */
export function faketimeSpec(skew: ClockSkew): string {
  if (!Number.isFinite(skew.offsetMs) || !Number.isFinite(skew.rate) || skew.rate <= 0) {
    throw new RangeError(`Cannot express clock skew ${JSON.stringify(skew)}: offset must be finite and rate positive`);
  }
  const seconds = Math.abs(skew.offsetMs) / 1000;
  const sign = skew.offsetMs < 0 ? "-" : "+";
  const rate = Number(skew.rate.toFixed(6)).toString();
  return `${sign}${seconds.toFixed(6)} x${rate}`;
}

/**
 * The node's clock minus real time at real wall time `atMs`: the offset set,
 * plus what the rate has gained or lost since. Pure.
 */
export function nodeOffsetAt(state: NodeClockState, atMs: number): number {
  return state.skew.offsetMs + (atMs - state.setAtMs) * (state.skew.rate - 1);
}

/**
 * The skew for the file of a process that loaded libfaketime at real time
 * `startedAtMs`, so that its clock reads the node's clock: with
 * `S + o + (t - S) r = t0 + O + (t - t0) r` for all t, `o = O + (t0 - S)(1 - r)`.
 * An error e in `startedAtMs` shifts that process's clock by e(1 - r). Pure.
 */
export function processSkew(state: NodeClockState, startedAtMs: number): ClockSkew {
  const { offsetMs, rate } = state.skew;
  return { offsetMs: offsetMs + (state.setAtMs - startedAtMs) * (1 - rate), rate };
}

/** The environment that runs a program under libfaketime with the given skew file. Pure. */
export function faketimeEnv(library: string, file: string, opts: ClockOptions = {}): Record<string, string> {
  return {
    LD_PRELOAD: library,
    FAKETIME_TIMESTAMP_FILE: file,
    FAKETIME_NO_CACHE: "1",
    ...(opts.monotonic ? {} : { FAKETIME_DONT_FAKE_MONOTONIC: "1" }),
  };
}

/**
 * How far a probe process's offset may be off because it loaded libfaketime
 * at an unknown real time `S` between `beforeMs` (the start its file was
 * written for) and `afterMs`: its clock reads `(S - beforeMs)(1 - rate)`
 * from the node's (see `processSkew`). Zero at real speed. Pure.
 */
export function probeStartUncertaintyMs(state: NodeClockState, beforeMs: number, afterMs: number): number {
  return Math.ceil(Math.max(0, afterMs - beforeMs) * Math.abs(1 - state.skew.rate));
}

/**
 * The "nemesis.fault-not-applied" error for a node whose clock, read after a
 * skew, is off the offset expected at the reading's own time by more than
 * the tolerance and the reading's uncertainty; undefined when it agrees. Pure.
 */
export function skewNotApplied(node: NodeId, reading: ClockReading, expectedMs: number): HarnessError | undefined {
  const uncertainty = reading.uncertaintyMs ?? 0;
  if (Math.abs(reading.offsetMs - expectedMs) <= CLOCK_TOLERANCE_MS + uncertainty) return undefined;
  return new HarnessError(
    "nemesis.fault-not-applied",
    `Cannot skew the clock of node "${node}": it reads ${reading.offsetMs} ms (±${uncertainty}) from real time, not ${Math.round(expectedMs)} ms`,
  );
}

/** A process that loaded libfaketime: the real wall time it started, and its node's offset then. */
export interface FakedStart {
  readonly startedAtMs: number;
  readonly offsetAtStartMs: number;
}

/** How much later than its own start a process's faked monotonic clock must always read (its runtime's start-up after the library loaded). */
export const MONOTONIC_START_MARGIN_MS = 1_000;

/**
 * The lowest offset a node's faked monotonic clock may be set to at real
 * wall time `atMs`, so that no process of `starts` reads a time before its
 * own start plus the margin: a process started at S under offset o read
 * S + o then, and reads atMs + offset after the change. -Infinity with no
 * process. Pure.
 */
export function monotonicFloorMs(starts: readonly FakedStart[], atMs: number): number {
  return Math.max(-Infinity, ...starts.map((s) => s.offsetAtStartMs + s.startedAtMs - atMs + MONOTONIC_START_MARGIN_MS));
}

/** A runtime's fake clocks, as the set-then-verify step uses them. */
export interface SkewableClocks {
  set(node: NodeId, skew: ClockSkew): void | Promise<void>;
  read(node: NodeId): Promise<ClockReading>;
  /** The offset the node's clock should read at `atMs` (wall ms). */
  expectedOffset(node: NodeId, atMs: number): number;
  /** With faked monotonic clocks: the lowest offset the node may be set to at `atMs` (`monotonicFloorMs` of its processes). */
  monotonicFloor?(node: NodeId, atMs: number): number;
}

/**
 * Sets the node's skew, then reads its clock back: throws
 * "nemesis.unsupported-fault" when the cluster has no fake clocks (`clocks`
 * undefined) and "nemesis.fault-not-applied" when the reading disagrees.
 * With faked monotonic clocks, an offset below the node's floor is set only
 * once the floor has come down to it (it falls by 1 ms per ms of real time,
 * so the wait is at most the change asked). `clock.wallMs` dates a reading
 * that carries no time of its own.
 */
export async function setSkewAndVerify(node: NodeId, skew: ClockSkew, clocks: SkewableClocks | undefined, clock: Pick<Clock, "wallMs" | "sleep">): Promise<void> {
  if (clocks === undefined) throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of node "${node}": the cluster was started without fake clocks`);
  for (let floor = clocks.monotonicFloor?.(node, clock.wallMs()) ?? -Infinity; skew.offsetMs < floor; floor = clocks.monotonicFloor?.(node, clock.wallMs()) ?? -Infinity) {
    await clock.sleep(Math.ceil(floor - skew.offsetMs));
  }
  await clocks.set(node, skew);
  const reading = await clocks.read(node);
  const mismatch = skewNotApplied(node, reading, clocks.expectedOffset(node, reading.atMs ?? clock.wallMs()));
  if (mismatch) throw mismatch;
}
