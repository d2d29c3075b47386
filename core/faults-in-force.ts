/**
 * Which faults are in force: the one rule the last heal (a safety step),
 * the progress line and the report's fault periods all read, from the
 * nemesis ops of a history and the packages' shading (how each kind of
 * fault starts and stops).
 *
 * - A `start` invoke puts a fault in force on the nodes its value names
 *   (`value.nodes`, sorted; none when absent), from the invoke's time:
 *   the fault may act before its op completes. A second start of the same
 *   kind and nodes while one is in force adds nothing.
 * - A start that completes `fail` did not happen, so its fault was never
 *   in force and goes; one that completes `info` may have happened, and
 *   its fault stays until healed.
 * - A `stop` completion (a heal heard done) ends the faults of its kind on
 *   the same nodes, and those started without nodes (a clock op names its
 *   nodes under `skews`, say); a stop without nodes ends every fault of its
 *   kind.
 * - Only ops of process "nemesis" count; shadings that repeat (two packages
 *   of one kind) count once.
 */
import type { FaultShading } from "./nemesis.js";
import type { Op } from "./op.js";

/** A fault started and not healed. Times are harness ns. */
export interface FaultInForce {
  /** Its kind: how it starts and stops. */
  readonly shading: FaultShading;
  /** The nodes its start named, sorted; empty when it named none. */
  readonly nodes: readonly string[];
  /** When its start was invoked. */
  readonly start: number;
  /** Whether its start has completed (`ok` or `info`); false while the start is in flight. */
  readonly applied: boolean;
}

/** What one op does: the faults in force after it, and those it healed. */
export interface FaultsStep {
  readonly inForce: readonly FaultInForce[];
  readonly healed: readonly FaultInForce[];
}

/** The faults in force after every op of `history`, in the order they started. Pure. */
export function faultsInForce(history: readonly Op[], shading: readonly FaultShading[]): FaultInForce[] {
  let inForce: readonly FaultInForce[] = [];
  for (const op of history) inForce = stepFaultsInForce(inForce, op, shading).inForce;
  return [...inForce];
}

/** The faults in force after `op`, given those in force before it, and those `op` healed. Pure. */
export function stepFaultsInForce(before: readonly FaultInForce[], op: Op, shading: readonly FaultShading[]): FaultsStep {
  const unchanged = { inForce: before, healed: [] };
  if (op.process !== "nemesis") return unchanged;
  const kinds = shading.filter((kind) => op.f === kind.start || op.f === kind.stop);
  if (kinds.length === 0) return unchanged;
  const nodes = nodesOf(op);
  let inForce = [...before];
  const healed: FaultInForce[] = [];
  for (const kind of kinds) {
    const ofKind = (f: FaultInForce): boolean => sameKind(f.shading, kind);
    const onNodes = (f: FaultInForce): boolean => sameNodes(f.nodes, nodes);
    if (op.f === kind.start && op.type === "invoke" && !inForce.some((f) => ofKind(f) && onNodes(f))) {
      inForce.push({ shading: kind, nodes, start: op.time, applied: false });
    } else if (op.f === kind.start && op.type !== "invoke") {
      const starting = (f: FaultInForce): boolean => ofKind(f) && onNodes(f) && !f.applied;
      inForce = op.type === "fail" ? inForce.filter((f) => !starting(f)) : inForce.map((f) => (starting(f) ? { ...f, applied: true } : f));
    }
    if (op.f === kind.stop && op.type !== "invoke") {
      const heals = (f: FaultInForce): boolean => ofKind(f) && (nodes.length === 0 || f.nodes.length === 0 || onNodes(f));
      healed.push(...inForce.filter(heals));
      inForce = inForce.filter((f) => !heals(f));
    }
  }
  return { inForce, healed };
}

/**
 * When faults were certainly in force: from the completion (`ok` or
 * `info`) of a fault's start (the nemesis applied it) to the invocation of
 * the stop that healed it, or to the history's last op when none did. The
 * stricter reading, for availability: an op that raced a start or a heal
 * is not counted against the design. Pure.
 */
export function certainFaultPeriods(history: readonly Op[], shading: readonly FaultShading[]): { start: number; end: number }[] {
  const key = (f: FaultInForce): string => `${f.shading.label}\u0000${f.start}\u0000${f.nodes.join(",")}`;
  const appliedAt = new Map<string, number>();
  const stopInvoked = new Map<string, number>();
  const periods: { start: number; end: number }[] = [];
  let inForce: readonly FaultInForce[] = [];
  let last = 0;
  for (const op of history) {
    last = Math.max(last, op.time);
    const step = stepFaultsInForce(inForce, op, shading);
    for (const f of step.inForce) if (f.applied && !appliedAt.has(key(f))) appliedAt.set(key(f), op.time);
    if (op.process === "nemesis" && op.type === "invoke") for (const kind of shading) if (op.f === kind.stop) stopInvoked.set(kind.label, op.time);
    for (const f of step.healed) {
      const start = appliedAt.get(key(f));
      if (start !== undefined) periods.push({ start, end: Math.max(start, stopInvoked.get(f.shading.label) ?? op.time) });
    }
    inForce = step.inForce;
  }
  for (const f of inForce) {
    const start = appliedAt.get(key(f));
    if (start !== undefined) periods.push({ start, end: last });
  }
  return periods;
}

/** A fault as people read it: its label and nodes, for example "pause c2,c3". */
export function faultLabel(fault: FaultInForce): string {
  return fault.nodes.length > 0 ? `${fault.shading.label} ${fault.nodes.join(",")}` : fault.shading.label;
}

function nodesOf(op: Op): string[] {
  const nodes = (op.value as { nodes?: unknown } | null)?.nodes;
  return Array.isArray(nodes) ? nodes.filter((n): n is string => typeof n === "string").sort() : [];
}

function sameKind(a: FaultShading, b: FaultShading): boolean {
  return a.start === b.start && a.stop === b.stop && a.label === b.label;
}

function sameNodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}
