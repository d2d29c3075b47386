/**
 * The linearizability counterexample in plain words: per resource whose
 * reads and writes admit no order, the end of the longest linearizable
 * prefix and the ops that could not be placed after it.
 */
import type { Validity } from "../core/index.js";
import type { LinearizableResult } from "../checkers/index.js";
import { seconds } from "./format.js";

/** One row of a counterexample table. */
export interface CounterexampleRow {
  readonly placed: boolean;
  readonly process: number;
  readonly description: string;
  /** "2.10 s to 2.12 s", or "from 2.10 s, never returned". */
  readonly when: string;
}

/** One partition's counterexample, ready to render. */
export interface CounterexampleView {
  readonly heading: string;
  readonly rows: readonly CounterexampleRow[];
  readonly stateAfter: string;
}

/** The linearizability section. */
export interface LinearizabilityView {
  readonly valid: Validity;
  readonly text: string;
  readonly counterexamples: readonly CounterexampleView[];
}

function when(calledAt: number, returnedAt: number | null): string {
  return returnedAt === null ? `from ${seconds(calledAt)}, never returned` : `${seconds(calledAt)} to ${seconds(returnedAt)}`;
}

/** The section of a linearizable checker result; undefined when the checker left none. Pure. */
export function linearizabilityView(r: LinearizableResult | undefined): LinearizabilityView | undefined {
  if (r === undefined) return undefined;
  const text = r.result === "ok"
    ? `The ${r.operations} reads and writes of ${r.partitions} resources are linearizable: some order of them, consistent with real time, explains every answer storage gave.`
    : r.result === "illegal"
      ? "No order of the reads and writes explains what storage answered. Below, for each such resource: the last ops of the longest order that works, then the ops that could not be placed next."
      : "The search could not decide within its time budget; the longest order found so far is below.";
  const counterexamples = r.counterexamples.map((c) => ({
    heading: `${c.result === "illegal" ? "Not linearizable" : "Undecided"}: ${c.prefixLength} ops placed, ${c.stuck.length} could not be placed next`,
    rows: [
      ...c.prefixTail.map((o) => ({ placed: true, process: o.process, description: o.description, when: when(o.calledAt, o.returnedAt) })),
      ...c.stuck.map((o) => ({ placed: false, process: o.process, description: o.description, when: when(o.calledAt, o.returnedAt) })),
    ],
    stateAfter: c.stateAfter,
  }));
  return { valid: r.valid, text, counterexamples };
}
