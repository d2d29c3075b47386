/**
 * The seed's GC pause, aimed: right after a client's acquire succeeds, stop
 * that client's process for longer than the lease's TTL, then let it go on.
 * While it sleeps the lease expires, another client gets the next token and
 * writes; the sleeper wakes believing it still holds the lock and writes with
 * its old token. Fenced storage rejects that write; unfenced storage takes it.
 *
 * Schedule: the first acquire that succeeds at least `intervalMs` after the
 * previous resume (or after the start) is the target. One pause at a time.
 */
import type { Completion, GenContext, GenResult, Generator, Op } from "../../harness/core/index.js";
import type { PauseValue } from "./pause-nemesis.js";

/** Options of the pause-holder schedule. */
export interface PauseHolderOptions {
  readonly intervalMs: number;
  readonly durationMs: number;
}

type State =
  | { readonly kind: "waiting"; readonly eligibleAt: number }
  | { readonly kind: "target"; readonly value: PauseValue }
  | { readonly kind: "pausing" }
  | { readonly kind: "paused"; readonly value: PauseValue; readonly resumeAt: number }
  | { readonly kind: "resuming" };

/** The pause-holder generator (ops for the pause nemesis). */
export function pauseHolderGenerator(opts: PauseHolderOptions): Generator {
  return make(opts, { kind: "waiting", eligibleAt: opts.intervalMs * 1e6 });
}

function make(opts: PauseHolderOptions, state: State): Generator {
  return {
    op: (ctx) => nextOp(opts, state, ctx),
    update: (_ctx, event) => make(opts, transition(opts, state, event)),
  };
}

function nextOp(opts: PauseHolderOptions, state: State, ctx: GenContext): GenResult {
  if (!ctx.freeProcesses.has("nemesis")) return "pending";
  if (state.kind === "target") {
    return [{ process: "nemesis", f: "pause", value: state.value }, make(opts, state)];
  }
  if (state.kind === "paused") {
    return [{ process: "nemesis", f: "resume", value: { nodes: state.value.nodes, reason: "holder" }, time: state.resumeAt }, make(opts, state)];
  }
  return "pending";
}

function transition(opts: PauseHolderOptions, state: State, event: Op): State {
  const nemesis = event.process === "nemesis" && (event.value as PauseValue | undefined)?.reason === "holder";
  switch (state.kind) {
    case "waiting":
      return isHolderAt(event, state.eligibleAt) ? { kind: "target", value: holderValue(event as Completion, opts) } : state;
    case "target":
      return nemesis && event.type === "invoke" && event.f === "pause" ? { kind: "pausing" } : state;
    case "pausing":
      if (!(nemesis && event.type !== "invoke" && event.f === "pause")) return state;
      return { kind: "paused", value: event.value as PauseValue, resumeAt: event.time + opts.durationMs * 1e6 };
    case "paused":
      return nemesis && event.type === "invoke" && event.f === "resume" ? { kind: "resuming" } : state;
    case "resuming":
      if (!(nemesis && event.type !== "invoke" && event.f === "resume")) return state;
      return { kind: "waiting", eligibleAt: event.time + opts.intervalMs * 1e6 };
  }
}

function isHolderAt(event: Op, eligibleAt: number): boolean {
  return event.type === "ok" && event.f === "acquire" && typeof event.process === "number" && event.node !== undefined && event.time >= eligibleAt;
}

function holderValue(event: Completion, opts: PauseHolderOptions): PauseValue {
  const v = event.value as { resource?: string; token?: string };
  return {
    nodes: [event.node as string],
    durationMs: opts.durationMs,
    reason: "holder",
    process: event.process as number,
    ...(v.resource !== undefined ? { resource: v.resource } : {}),
    ...(v.token !== undefined ? { token: v.token } : {}),
  };
}
