/**
 * The lock-mutex client generator: every worker thread loops
 *   acquire(resource) -> hold -> release
 * where the hold is time between the acquire's ok and the release's invoke,
 * outside any op, so the history shows exactly when each client believed
 * it held the lock (Jepsen's etcd lock test). A failed acquire, or any
 * `info`, starts the next cycle; every release starts the next cycle.
 */
import { createRng, threadOf, type Completion, type GenContext, type Generator, type OpRequest } from "../../core/index.js";
import { threadGenerator } from "../thread-generator.js";

interface ThreadState {
  readonly step: "acquire" | "release";
  readonly cycle: number;
  readonly resource: string;
  readonly busy: boolean;
  /** Harness time (ns) before which the release is not invoked. */
  readonly notBefore: number;
}

/** Options of the lock-mutex generator. */
export interface LockMutexGeneratorOptions {
  readonly concurrency: number;
  readonly resources: readonly string[];
  /** Seeds the choice of resource per (thread, cycle). */
  readonly seed: number;
  /** The hold of a thread's cycle, ms (drawn by the caller: one value or a distribution). */
  holdMs(thread: number, cycle: number): number;
}

/** Creates the lock-mutex generator. */
export function lockMutexGenerator(opts: LockMutexGeneratorOptions): Generator {
  const machine = { concurrency: opts.concurrency, next: nextOp.bind(null, opts), advance: advance.bind(null, opts) };
  return threadGenerator<ThreadState>(machine, Array.from({ length: opts.concurrency }, (_, t) => fresh(opts, t, 0)));
}

/** The op of a free thread that is due now; else the earliest release still waiting out its hold. */
function nextOp(opts: LockMutexGeneratorOptions, threads: readonly ThreadState[], ctx: GenContext): OpRequest | "pending" {
  const free = [...ctx.freeProcesses].filter((p): p is number => typeof p === "number").sort((a, b) => a - b);
  let waiting: readonly [number, ThreadState] | undefined;
  for (const process of free) {
    const state = threads[threadOf(process, opts.concurrency)];
    if (!state || state.busy) continue;
    if (state.notBefore <= ctx.time) return { process, f: state.step, value: { resource: state.resource } };
    if (!waiting || state.notBefore < waiting[1].notBefore) waiting = [process, state];
  }
  if (!waiting) return "pending";
  const [process, state] = waiting;
  return { process, f: state.step, value: { resource: state.resource }, time: state.notBefore };
}

function advance(opts: LockMutexGeneratorOptions, thread: number, state: ThreadState, done: Completion): ThreadState {
  if (state.step === "acquire" && done.type === "ok") {
    return { ...state, step: "release", busy: false, notBefore: done.time + opts.holdMs(thread, state.cycle) * 1e6 };
  }
  return fresh(opts, thread, state.cycle + 1);
}

function fresh(opts: LockMutexGeneratorOptions, thread: number, cycle: number): ThreadState {
  const rng = createRng(opts.seed ^ Math.imul(thread + 1, 0x9e3779b1) ^ Math.imul(cycle + 1, 0x85ebca6b));
  return { step: "acquire", cycle, resource: rng.pick(opts.resources), busy: false, notBefore: 0 };
}
