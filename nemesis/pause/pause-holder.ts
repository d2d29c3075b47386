/**
 * The seed's GC pause, aimed: right after a client's acquire succeeds, stop
 * that client's process for longer than the lease's TTL, then let it go on.
 * While it sleeps the lease expires, another client gets the next token and
 * writes; the sleeper wakes believing it still holds the lock and writes with
 * its old token. Fenced storage rejects that write; unfenced storage takes it.
 *
 * The same machinery aims elsewhere: `pause-writer` stops a client `delayMs`
 * after the last hold before its write was invoked (the window between its
 * lease check and the write, else its critical section's hold, after it
 * read the version it writes with), so the write is sent after the pause:
 * its invoke comes after the resume, as a real client's send would.
 *
 * Schedule: the first trigger of the run picks the first target (the first
 * grant comes within milliseconds of the start, so a short run is paused at
 * once); later ones wait at least `intervalMs` after the previous resume.
 * pause-holder (`contendedOnly`) strikes only at a grant of a resource
 * another client is waiting for, so that a next holder exists: with 5
 * clients on 2 resources, a paused holder of a resource nobody else asked
 * for made no stale write within a 3 s run. A grant nobody waits for is
 * taken only once an interval has passed with no contended one.
 * One pause at a time. With `resumeAfterNextWrite`, the pause ends as soon
 * as another client's write to the paused client's resource has succeeded
 * (the next holder has written, so the sleeper's write is now stale), and at
 * the latest after `durationMs`. The time limit does not cut that wait
 * short: past it, while such a write (its hold begun before the limit) is
 * on its way, the resume keeps its time (`waitPastLimit`), so the next holder's write
 * lands first even when its hold ran past the limit; with none in flight it
 * goes out at once, as every heal does.
 */
import type { GenContext, GenResult, Generator, Op } from "../../core/index.js";
import type { PauseValue } from "./pause-nemesis.js";

/** Options of the pause-holder schedule. */
export interface PauseHolderOptions {
  readonly intervalMs: number;
  /** When the workload starts (harness ns): the first trigger after it is eligible. */
  readonly startNs: number;
  readonly durationMs: number;
}

/** What an aimed pause waits for, how long after it to strike, and how it labels its ops. */
export interface AimedPauseOptions extends PauseHolderOptions {
  /** The client op that picks the target: an acquire that returned ok, or a hold just invoked; `matches` narrows it by value. */
  readonly trigger: { readonly f: string; readonly type: "ok" | "invoke"; readonly matches?: (op: Op) => boolean };
  /** How long after the trigger to strike: a fixed time, or one read from the trigger op (its hold). */
  readonly delayMs: number | ((trigger: Op) => number);
  readonly reason: "holder" | "writer";
  /** Also hold the target's wall clock still for the pause (see PauseValue.freezeClock). */
  readonly freezeClock?: boolean;
  /** Resume once another client's write to the target's resource returned ok (at most `durationMs` after the pause). */
  readonly resumeAfterNextWrite?: boolean;
  /**
   * Strike only at a grant of a resource another client is waiting for (its
   * acquire in flight), so there is a next holder; a grant with no waiter is
   * taken only once `intervalMs` has passed since the pause became due.
   */
  readonly contendedOnly?: boolean;
}

/** Client processes with an acquire in flight, and the resource each asks for. */
type Acquiring = ReadonlyMap<number, string>;

type State =
  | { readonly kind: "waiting"; readonly eligibleAt: number }
  | { readonly kind: "target"; readonly value: PauseValue; readonly at: number }
  | { readonly kind: "pausing" }
  | {
      readonly kind: "paused";
      readonly value: PauseValue;
      readonly resumeAt: number;
      /** Other clients between the hold before their write and its completion on the paused client's resource. */
      readonly writers: readonly number[];
    }
  | { readonly kind: "resuming" };

/**
 * The pause-holder generator (ops for the pause nemesis). `resumeAfterNextWrite`
 * (default true) ends each pause once the next holder has written.
 */
export function pauseHolderGenerator(opts: PauseHolderOptions & { readonly resumeAfterNextWrite?: boolean }): Generator {
  return aimedPauseGenerator({ resumeAfterNextWrite: true, contendedOnly: true, ...opts, trigger: { f: "acquire", type: "ok" }, delayMs: 0, reason: "holder" });
}

/** A pause aimed at the client whose op matches `trigger`; the workload's first trigger is eligible at once. */
export function aimedPauseGenerator(opts: AimedPauseOptions): Generator {
  return make(opts, { kind: "waiting", eligibleAt: opts.startNs }, new Map());
}

function make(opts: AimedPauseOptions, state: State, acquiring: Acquiring): Generator {
  return {
    op: (ctx) => nextOp(opts, state, acquiring, ctx),
    update: (_ctx, event) => {
      const after = acquiringAfter(acquiring, event);
      return make(opts, transition(opts, state, event, contended(opts, after, event)), after);
    },
  };
}

/** The acquires in flight after `event`. */
function acquiringAfter(acquiring: Acquiring, event: Op): Acquiring {
  if (event.f !== "acquire" || typeof event.process !== "number") return acquiring;
  const next = new Map(acquiring);
  if (event.type === "invoke") next.set(event.process, (event.value as { resource?: string } | undefined)?.resource ?? "");
  else next.delete(event.process);
  return next;
}

/** True when `event` grants a resource another client is waiting for, or when the aim does not ask for that. */
function contended(opts: AimedPauseOptions, acquiring: Acquiring, event: Op): boolean {
  if (!opts.contendedOnly) return true;
  const resource = (event.value as { resource?: string } | undefined)?.resource;
  return [...acquiring.values()].some((r) => r === resource);
}

function nextOp(opts: AimedPauseOptions, state: State, acquiring: Acquiring, ctx: GenContext): GenResult {
  if (!ctx.freeProcesses.has("nemesis")) return "pending";
  if (state.kind === "target") {
    return [{ process: "nemesis", f: "pause", value: state.value, time: state.at }, make(opts, state, acquiring)];
  }
  if (state.kind === "paused") {
    const value = { nodes: state.value.nodes, reason: opts.reason };
    // Past the time limit (`healOnly`), wait for the next holder's write in flight.
    const wait = opts.resumeAfterNextWrite === true && ctx.healOnly !== undefined && state.writers.length > 0;
    return [{ process: "nemesis", f: "resume", value, time: state.resumeAt, ...(wait ? { waitPastLimit: true } : {}) }, make(opts, state, acquiring)];
  }
  return "pending";
}

function transition(opts: AimedPauseOptions, state: State, event: Op, contendedGrant: boolean): State {
  const nemesis = event.process === "nemesis" && (event.value as PauseValue | undefined)?.reason === opts.reason;
  switch (state.kind) {
    case "waiting":
      if (!isTrigger(opts, event, state.eligibleAt)) return state;
      if (!contendedGrant && event.time < state.eligibleAt + opts.intervalMs * 1e6) return state;
      const delayMs = typeof opts.delayMs === "number" ? opts.delayMs : opts.delayMs(event);
      return { kind: "target", value: targetValue(event, opts), at: event.time + delayMs * 1e6 };
    case "target":
      if (endsAim(opts, state.value, event)) return { kind: "waiting", eligibleAt: event.time };
      return nemesis && event.type === "invoke" && event.f === "pause" ? { kind: "pausing" } : state;
    case "pausing":
      if (!(nemesis && event.type !== "invoke" && event.f === "pause")) return state;
      return { kind: "paused", value: event.value as PauseValue, resumeAt: event.time + opts.durationMs * 1e6, writers: [] };
    case "paused":
      if (nemesis && event.type === "invoke" && event.f === "resume") return { kind: "resuming" };
      return opts.resumeAfterNextWrite ? afterClientOp(state, event) : state;
    case "resuming":
      if (!(nemesis && event.type !== "invoke" && event.f === "resume")) return state;
      return { kind: "waiting", eligibleAt: event.time + opts.intervalMs * 1e6 };
  }
}

/**
 * True when `event` ends what a target not yet struck was aimed at, so the
 * pause would test nothing: the target retired (an `info`: its process
 * never runs again), a holder began its release, or the op a writer was
 * to be struck inside (the hold before its write) returned. The strike
 * waits while the nemesis is busy with another fault,
 * and a long hour's soak saw pause-holder strike processes 3 to 20 ms after
 * they had retired.
 */
function endsAim(opts: AimedPauseOptions, target: PauseValue, event: Op): boolean {
  if (event.process !== target.process) return false;
  if (event.type === "info") return true;
  return opts.reason === "holder" ? event.f === "release" : event.type !== "invoke";
}

function isTrigger(opts: AimedPauseOptions, event: Op, eligibleAt: number): boolean {
  const { f, type, matches } = opts.trigger;
  if (matches !== undefined && !matches(event)) return false;
  return event.type === type && event.f === f && typeof event.process === "number" && event.node !== undefined && event.time >= eligibleAt;
}

type Paused = Extract<State, { kind: "paused" }>;

/**
 * A paused state after a client op: it follows other clients on their way to
 * a write to the paused resource (from the hold before it, through the lease
 * check and the write delay, to the write's completion), and resumes once
 * one's write succeeded.
 */
function afterClientOp(state: Paused, event: Op): Paused {
  if (!isOtherClientOp(event, state.value)) return state;
  const writer = event.process as number;
  const writing = state.writers.includes(writer);
  if (event.type === "invoke") {
    if (WRITE_PATH.has(event.f) && !writing) return { ...state, writers: [...state.writers, writer] };
    return event.f === "release" && writing ? { ...state, writers: state.writers.filter((p) => p !== writer) } : state;
  }
  // The way to the write goes on while its steps succeed; a write's completion, or any failure, ends it.
  if (event.f !== "write" && event.type === "ok") return state;
  const writers = state.writers.filter((p) => p !== writer);
  // A successful write by another client to the paused client's resource: the next holder has written.
  return { ...state, writers, ...(event.f === "write" && event.type === "ok" ? { resumeAt: Math.min(state.resumeAt, event.time) } : {}) };
}

/** The ops of a client's way to its write, from its hold on. */
const WRITE_PATH: ReadonlySet<string> = new Set(["hold", "check-lease", "write"]);

/** An op (invoke or completion) by another client on the paused client's resource. */
function isOtherClientOp(event: Op, paused: PauseValue): boolean {
  if (typeof event.process !== "number" || event.process === paused.process) return false;
  return paused.resource !== undefined && (event.value as { resource?: string } | undefined)?.resource === paused.resource;
}

function targetValue(event: Op, opts: AimedPauseOptions): PauseValue {
  const v = event.value as { resource?: string; token?: string };
  return {
    nodes: [event.node as string],
    durationMs: opts.durationMs,
    reason: opts.reason,
    process: event.process as number,
    ...(v.resource !== undefined ? { resource: v.resource } : {}),
    ...(v.token !== undefined ? { token: v.token } : {}),
    ...(opts.freezeClock ? { freezeClock: true } : {}),
  };
}

/**
 * The client an aimed pause (holder or writer) stops in mid-cycle, from the
 * pause's invoke: the run lets it finish that cycle after the time limit
 * (`timeLimitWithGrace`), so its write on waking is made.
 */
export function pausedClient(event: Op): number | undefined {
  if (event.process !== "nemesis" || event.type !== "invoke" || event.f !== "pause") return undefined;
  const value = event.value as PauseValue | undefined;
  const aimed = value?.reason === "holder" || value?.reason === "writer";
  return aimed && typeof value.process === "number" ? value.process : undefined;
}
