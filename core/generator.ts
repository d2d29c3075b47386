/**
 * Generators, in the shape of jepsen.generator: pure values that, asked for
 * an op in a context, return the op and the generator that follows, or
 * "pending" (nothing now, ask again after the next event or time), or
 * undefined (exhausted). `update` tells a generator about every op the
 * interpreter records, so it can react to completions.
 */
import type { Op, ProcessId } from "./op.js";
import type { Rng } from "./rng.js";

/** An op a generator asks the interpreter to perform. */
export interface OpRequest {
  readonly process: ProcessId;
  readonly f: string;
  readonly value: unknown;
  /** Do not dispatch before this harness time (ns). */
  readonly time?: number;
  /**
   * A heal that keeps its `time` after the time limit, where heals otherwise
   * go out at once (`faultsUntil`): pause-holder's resume, while the next
   * holder's write, sent before the limit, is still in flight.
   */
  readonly waitPastLimit?: boolean;
}

/** What a generator sees when asked for an op. */
export interface GenContext {
  /** Harness-monotonic now, ns. */
  readonly time: number;
  /** Processes whose workers are idle and may be given an op. */
  readonly freeProcesses: ReadonlySet<ProcessId>;
  /** The number of client workers (threads); process p runs on thread p % concurrency. */
  readonly concurrency: number;
  readonly rng: Rng;
  /**
   * Set by `faultsUntil` once its time is up: only ops with these `f`s (the
   * heals) may still be emitted. `anyOf` skips its children's other ops, so
   * one child's next fault never hides another child's heal.
   */
  readonly healOnly?: ReadonlySet<string>;
}

export type GenResult = undefined | "pending" | readonly [OpRequest, Generator];

export interface Generator {
  op(ctx: GenContext): GenResult;
  update(ctx: GenContext, event: Op): Generator;
}

/** The worker thread a process runs on. */
export function threadOf(process: number, concurrency: number): number {
  return process % concurrency;
}
