/**
 * The lock-write client generator: every worker thread loops
 *   acquire(resource) -> read -> hold -> [check-lease] -> [hold: write delay] -> write(value) -> release
 * over the run's resources. The token is not in the ops the generator emits:
 * the client writes under whatever lease it holds, exactly as a real service
 * would. The hold of the critical section, the client's look at its lease
 * (`leaseCheck`) and the window between that look and the write
 * (`writeDelayMs`) are ops of their own, so the write's invoke is when the
 * write is sent, and a pause in any of them shows before the write. A failed
 * acquire starts the next cycle; a failed read still writes; a failed hold,
 * check or write still releases; an `info` retires the process (its agent is
 * replaced with no lease), so the thread starts over.
 */
import { createRng, threadOf, type Completion, type GenContext, type Generator, type Op, type OpRequest } from "../../core/index.js";
import { threadGenerator } from "../thread-generator.js";

/** What a thread does next. */
type Step = "acquire" | "read" | "hold" | "check-lease" | "write-delay" | "write" | "release";

interface ThreadState {
  readonly step: Step;
  /** Completed or started cycles on this thread; names the written value. */
  readonly cycle: number;
  readonly resource: string;
  /** True while an op of this thread is in flight. */
  readonly busy: boolean;
}

/** Options of the lock-write generator. */
export interface LockWriteGeneratorOptions {
  readonly concurrency: number;
  readonly resources: readonly string[];
  /** Seeds the choice of resource per (thread, cycle), so replays pick the same. */
  readonly seed: number;
  /** Thread t always uses resource t mod N (single-writer partitioning). */
  readonly singleWriter?: boolean;
  /** The hold of a thread's cycle, ms, sent in the hold's value; absent: the agent's configured hold. */
  readonly holdMs?: (thread: number, cycle: number) => number;
  /** The client looks at its lease after the hold (a `check-lease` op). */
  readonly leaseCheck?: boolean;
  /** The window between the lease check (or the hold) and the write, ms: a `hold` op of phase "write-delay". */
  readonly writeDelayMs?: number;
}

/** Creates the lock-write generator. */
export function lockWriteGenerator(opts: LockWriteGeneratorOptions): Generator {
  const machine = { concurrency: opts.concurrency, next: nextOp.bind(null, opts), advance: advance.bind(null, opts) };
  return threadGenerator<ThreadState>(machine, Array.from({ length: opts.concurrency }, (_, t) => fresh(opts, t, 0)));
}

function nextOp(opts: LockWriteGeneratorOptions, threads: readonly ThreadState[], ctx: GenContext): OpRequest | "pending" {
  const free = [...ctx.freeProcesses].filter((p): p is number => typeof p === "number").sort((a, b) => a - b);
  for (const process of free) {
    const state = threads[threadOf(process, opts.concurrency)];
    if (!state || state.busy) continue;
    return { process, ...request(opts, threadOf(process, opts.concurrency), process, state) };
  }
  return "pending";
}

/** The op of `state`'s step. */
function request(opts: LockWriteGeneratorOptions, thread: number, process: number, state: ThreadState): { f: string; value: unknown } {
  const { resource } = state;
  switch (state.step) {
    case "hold":
      return { f: "hold", value: { resource, phase: "critical-section", ...(opts.holdMs ? { holdMs: opts.holdMs(thread, state.cycle) } : {}) } };
    case "write-delay":
      return { f: "hold", value: { resource, phase: "write-delay", holdMs: opts.writeDelayMs ?? 0 } };
    case "write":
      return { f: "write", value: { resource, value: `p${process}-${state.cycle}` } };
    default:
      return { f: state.step, value: { resource } };
  }
}

/** The step after the critical section's hold ended well: the lease check, the write delay, or the write. */
function afterHold(opts: LockWriteGeneratorOptions, step: Step): Step {
  if (step === "hold" && opts.leaseCheck) return "check-lease";
  if (step !== "write-delay" && opts.writeDelayMs) return "write-delay";
  return "write";
}

/** The thread's state after a completion. */
function advance(opts: LockWriteGeneratorOptions, thread: number, state: ThreadState, done: Completion): ThreadState {
  const restart = fresh(opts, thread, state.cycle + 1);
  if (done.type === "info") return restart;
  switch (state.step) {
    case "acquire":
      return done.type === "ok" ? { ...state, step: "read", busy: false } : restart;
    case "read":
      return { ...state, step: "hold", busy: false };
    case "hold":
    case "check-lease":
    case "write-delay":
      return { ...state, step: done.type === "ok" ? afterHold(opts, state.step) : "release", busy: false };
    case "write":
      return { ...state, step: "release", busy: false };
    case "release":
      return restart;
  }
}

function fresh(opts: LockWriteGeneratorOptions, thread: number, cycle: number): ThreadState {
  if (opts.singleWriter) {
    return { step: "acquire", cycle, resource: opts.resources[thread % opts.resources.length] as string, busy: false };
  }
  const rng = createRng(opts.seed ^ Math.imul(thread + 1, 0x9e3779b1) ^ Math.imul(cycle + 1, 0x85ebca6b));
  return { step: "acquire", cycle, resource: rng.pick(opts.resources), busy: false };
}

/**
 * The client a hold's invoke puts in its critical section: the run lets it
 * finish that cycle after the time limit (core `timeLimitWithGrace`), so a
 * write whose hold began before the limit is still sent, as when the hold
 * was part of the write op. Undefined for any other op.
 */
export function holdingClient(event: Op): number | undefined {
  return event.type === "invoke" && event.f === "hold" && typeof event.process === "number" ? event.process : undefined;
}
