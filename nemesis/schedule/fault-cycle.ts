/**
 * The common schedule of one fault package: wait an interval, start a
 * fault, keep it for a duration, stop it, wait again. What each fault is
 * (which nodes, which shape) comes from `plan`, drawn from an rng seeded by
 * the run's seed and the step number, so a schedule is reproducible from
 * its seed. An aimed fault (`trigger`) starts on a client event instead of
 * a timer: the first matching event at least an interval after the last
 * stop. A fault whose stop is a fault too (`stopTrigger`: the reset of a
 * clock jump jumps the clock back) stops at the first matching event at
 * least a duration after its start, and at the latest two durations after.
 *
 * Every op value carries `package`, and the generator reacts only to
 * nemesis ops of its own package, so packages compose (`--nemesis
 * partition,kill`) without reading each other's events.
 */
import { createRng, type GenContext, type GenResult, type Generator, type Op, type Rng } from "../../core/index.js";

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
  /** When the workload starts (harness ns): the first timed fault comes an interval after it. */
  readonly startNs: number;
  readonly durationMs: number;
  readonly seed: number;
  /** The start op's value for fault number `step` (from 0); `trigger` is the event that aimed it. */
  plan(step: number, rng: Rng, trigger: Op | undefined): Readonly<Record<string, unknown>>;
  /** The stop op's value from the start's recorded value; `{}` by default. */
  stopValue?(started: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
  /** When given, a fault starts only right after an event this accepts. */
  trigger?(event: Op): boolean;
  /** When given, a fault stops right after an event this accepts, once `durationMs` has passed (at the latest after 2 × `durationMs`). */
  stopTrigger?(event: Op): boolean;
}

type State =
  | { readonly kind: "idle"; readonly at: number; readonly step: number; readonly trigger?: Op }
  | { readonly kind: "starting"; readonly step: number }
  | { readonly kind: "active"; readonly at: number; readonly latest: number; readonly step: number; readonly started: Readonly<Record<string, unknown>>; readonly due?: number }
  | { readonly kind: "stopping"; readonly step: number };

/** The cycle generator, first fault one interval after the workload starts. */
export function faultCycle(opts: FaultCycleOptions): Generator {
  return make(opts, { kind: "idle", at: opts.startNs + opts.intervalMs * 1e6, step: 0 });
}

function make(opts: FaultCycleOptions, state: State): Generator {
  return {
    op: (ctx) => nextOp(opts, state, ctx),
    update: (_ctx, event) => make(opts, transition(opts, state, event)),
  };
}

function nextOp(opts: FaultCycleOptions, state: State, ctx: GenContext): GenResult {
  if (!ctx.freeProcesses.has("nemesis")) return "pending";
  if (state.kind === "active") {
    const value = { ...(opts.stopValue?.(state.started) ?? {}), package: opts.package };
    return [{ process: "nemesis", f: opts.stop, value, time: stopTime(opts, state) }, make(opts, state)];
  }
  if (state.kind !== "idle") return "pending";
  if (opts.trigger && !state.trigger) return "pending";
  const rng = createRng(opts.seed + (state.step + 1) * 7919);
  const value = { ...opts.plan(state.step, rng, state.trigger), package: opts.package };
  const time = opts.trigger ? {} : { time: state.at };
  return [{ process: "nemesis", f: opts.start, value, ...time }, make(opts, state)];
}

function transition(opts: FaultCycleOptions, state: State, event: Op): State {
  if (!ownOp(opts, event)) {
    const aims = state.kind === "idle" && !state.trigger && opts.trigger?.(event) === true && event.time >= state.at;
    if (aims) return { ...state, trigger: event };
    const stops = state.kind === "active" && state.due === undefined && opts.stopTrigger?.(event) === true && event.time >= state.at;
    return stops ? { ...state, due: event.time } : state;
  }
  const { step } = state;
  if (event.type === "invoke") return event.f === opts.start ? { kind: "starting", step } : { kind: "stopping", step };
  if (event.f === opts.start) {
    const started = (event.value ?? {}) as Readonly<Record<string, unknown>>;
    const durationNs = opts.durationMs * 1e6;
    return { kind: "active", at: event.time + durationNs, latest: event.time + 2 * durationNs, step, started };
  }
  return { kind: "idle", at: event.time + opts.intervalMs * 1e6, step: step + 1 };
}

/** When the stop is due: after its duration, or, for an aimed stop, at its event (at the latest after two durations). */
function stopTime(opts: FaultCycleOptions, state: { readonly at: number; readonly latest: number; readonly due?: number }): number {
  if (!opts.stopTrigger) return state.at;
  return Math.min(state.due ?? state.latest, state.latest);
}

function ownOp(opts: FaultCycleOptions, event: Op): boolean {
  if (event.process !== "nemesis" || (event.f !== opts.start && event.f !== opts.stop)) return false;
  return (event.value as CycleValue | undefined)?.package === opts.package;
}
