/**
 * The shape both lock workloads' generators share: one state per worker
 * thread, marked busy from an op's invoke to its completion. A machine says
 * which op to ask for now and how a completion moves its thread on; this
 * turns it into a pure `Generator`.
 */
import { threadOf, type Completion, type GenContext, type Generator, type OpRequest } from "../core/index.js";

/** A per-thread state machine. */
export interface ThreadMachine<S extends { readonly busy: boolean }> {
  readonly concurrency: number;
  /** The op to ask for now, given every thread's state, or "pending". */
  next(threads: readonly S[], ctx: GenContext): OpRequest | "pending";
  /** A thread's state after one of its ops completed. */
  advance(thread: number, state: S, done: Completion): S;
}

/** The generator of `machine` from the threads' current states. */
export function threadGenerator<S extends { readonly busy: boolean }>(machine: ThreadMachine<S>, threads: readonly S[]): Generator {
  const self: Generator = {
    op(ctx) {
      const request = machine.next(threads, ctx);
      return request === "pending" ? request : [request, self];
    },
    update(_ctx, event) {
      if (typeof event.process !== "number") return self;
      const t = threadOf(event.process, machine.concurrency);
      const state = threads[t];
      if (!state) return self;
      const next = event.type === "invoke" ? { ...state, busy: true } : machine.advance(t, state, event);
      return threadGenerator(machine, threads.map((s, i) => (i === t ? next : s)));
    },
  };
  return self;
}
