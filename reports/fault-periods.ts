/**
 * Fault periods for shading: from a `start` invoke (for example "pause") to
 * the completion of the `stop` op (for example "resume") for the same nodes.
 */
import { faultLabel, lastTime, nemesisOps, stepFaultsInForce, type FaultInForce, type FaultShading, type History } from "../core/index.js";

/** One shaded interval. Times are harness nanoseconds. */
export interface FaultPeriod {
  readonly start: number;
  readonly end: number;
  /** The shading's label plus the nodes, for example "pause c2". */
  readonly label: string;
  readonly color: string;
  readonly nodes: readonly string[];
  /** False when the history ended before the fault was healed. */
  readonly healed: boolean;
  /** The `f` of the op that heals it (the shading's `stop`). */
  readonly stop: string;
}

/**
 * The fault periods of a nemesis history under each shading: each fault
 * from its start to the op that healed it, by the rule of `faultsInForce`
 * (core/faults-in-force.ts), which the last heal and the progress line
 * read too. Unhealed periods end at `end` (default: the last op's time).
 * Pure.
 */
export function faultPeriods(history: History, shading: readonly FaultShading[], end?: number): FaultPeriod[] {
  const last = end ?? lastTime(history);
  const out: FaultPeriod[] = [];
  const period = (fault: FaultInForce, stop: number, healed: boolean): FaultPeriod => ({
    start: fault.start, end: stop, label: faultLabel(fault), color: fault.shading.color, nodes: fault.nodes, healed, stop: fault.shading.stop,
  });
  let inForce: readonly FaultInForce[] = [];
  for (const op of nemesisOps(history)) {
    const step = stepFaultsInForce(inForce, op, shading);
    out.push(...step.healed.map((fault) => period(fault, op.time, true)));
    inForce = step.inForce;
  }
  out.push(...inForce.map((fault) => period(fault, last, false)));
  return out.sort((a, b) => a.start - b.start);
}
