/**
 * Random pauses: every `intervalMs`, stop one node chosen by the run's seed
 * (lock, storage or client) for `durationMs`, then resume it.
 */
import { createRng, type GenContext, type GenResult, type Generator, type Op } from "../../core/index.js";
import type { PauseValue } from "./pause-nemesis.js";

/** Options of the random pause schedule. */
export interface RandomPauseOptions {
  readonly nodes: readonly string[];
  readonly intervalMs: number;
  /** When the workload starts (harness ns): the first pause comes an interval after it. */
  readonly startNs: number;
  readonly durationMs: number;
  readonly seed: number;
}

type State =
  | { readonly kind: "idle"; readonly at: number; readonly step: number }
  | { readonly kind: "busy"; readonly step: number }
  | { readonly kind: "paused"; readonly nodes: readonly string[]; readonly at: number; readonly step: number };

/** The random pause generator (ops for the pause nemesis). */
export function randomPauseGenerator(opts: RandomPauseOptions): Generator {
  return make(opts, { kind: "idle", at: opts.startNs + opts.intervalMs * 1e6, step: 0 });
}

function make(opts: RandomPauseOptions, state: State): Generator {
  return {
    op: (ctx) => nextOp(opts, state, ctx),
    update: (_ctx, event) => make(opts, transition(opts, state, event)),
  };
}

function nextOp(opts: RandomPauseOptions, state: State, ctx: GenContext): GenResult {
  if (state.kind === "busy" || !ctx.freeProcesses.has("nemesis") || opts.nodes.length === 0) return "pending";
  if (state.kind === "paused") {
    return [{ process: "nemesis", f: "resume", value: { nodes: state.nodes, reason: "random" }, time: state.at }, make(opts, state)];
  }
  const node = createRng(opts.seed + state.step * 7919).pick(opts.nodes);
  const value: PauseValue = { nodes: [node], durationMs: opts.durationMs, reason: "random" };
  return [{ process: "nemesis", f: "pause", value, time: state.at }, make(opts, state)];
}

function transition(opts: RandomPauseOptions, state: State, event: Op): State {
  if (event.process !== "nemesis" || (event.value as PauseValue | undefined)?.reason !== "random") return state;
  if (event.type === "invoke") return { kind: "busy", step: state.step };
  const nodes = (event.value as PauseValue).nodes;
  if (event.f === "pause") return { kind: "paused", nodes, at: event.time + opts.durationMs * 1e6, step: state.step };
  return { kind: "idle", at: event.time + opts.intervalMs * 1e6, step: state.step + 1 };
}
