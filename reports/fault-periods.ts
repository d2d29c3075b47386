/**
 * Fault periods for shading: from a `start` invoke (for example "pause") to
 * the completion of the `stop` op (for example "resume") for the same nodes.
 */
import { lastTime, nemesisOps, type FaultShading, type History, type Op } from "../core/index.js";

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

function nodesOf(op: Op): string[] {
  const nodes = (op.value as { nodes?: unknown } | null)?.nodes;
  return Array.isArray(nodes) ? nodes.filter((n): n is string => typeof n === "string").sort() : [];
}

/**
 * The fault periods of a nemesis history under each shading. A stop op with
 * nodes closes the open period with the same nodes, and any period opened
 * without nodes (a clock op names its nodes under `skews`, say); a stop op
 * without nodes closes every open period of its shading. Unhealed periods
 * end at `end` (default: the last op's time). Shadings that repeat (two
 * packages of one kind) count once. Pure.
 */
export function faultPeriods(history: History, shading: readonly FaultShading[], end?: number): FaultPeriod[] {
  const last = end ?? lastTime(history);
  const nemesis = nemesisOps(history);
  const out: FaultPeriod[] = [];
  const unique = [...new Map(shading.map((s) => [`${s.start}\u0000${s.stop}\u0000${s.label}`, s])).values()];
  for (const spec of unique) {
    const open = new Map<string, { start: number; nodes: string[] }>();
    const emit = (o: { start: number; nodes: string[] }, stop: number, healed: boolean): void => {
      const label = o.nodes.length > 0 ? `${spec.label} ${o.nodes.join(",")}` : spec.label;
      out.push({ start: o.start, end: stop, label, color: spec.color, nodes: o.nodes, healed, stop: spec.stop });
    };
    for (const op of nemesis) {
      const nodes = nodesOf(op);
      const key = nodes.join(",");
      if (op.type === "invoke" && op.f === spec.start && !open.has(key)) open.set(key, { start: op.time, nodes });
      if (op.type === "invoke" || op.f !== spec.stop) continue;
      for (const [k, o] of [...open]) {
        if (key !== "" && k !== "" && k !== key) continue;
        emit(o, op.time, true);
        open.delete(k);
      }
    }
    for (const o of open.values()) emit(o, last, false);
  }
  return out.sort((a, b) => a.start - b.start);
}
