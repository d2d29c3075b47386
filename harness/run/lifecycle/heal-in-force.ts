/**
 * The last heal of a run, whatever ended it (the time limit, Ctrl-C, an
 * error): every fault still in force is healed by the nemesis's teardown,
 * and each heal is recorded as a nemesis op (invoke, then info), so the
 * history and nemesis.jsonl never end with a pause and no resume.
 */
import { faultLabel, faultsInForce, messageOf, type Cluster, type FaultShading, type Nemesis, type Op } from "../../../core/index.js";
import type { Interpreter } from "../interpreter/interpreter.js";

/** What healing needs: the history so far, how faults open and close, and where to record. */
export interface HealInForce {
  readonly history: readonly Op[];
  readonly shading: readonly FaultShading[];
  readonly nemesis: Nemesis;
  readonly cluster: Cluster;
  /** Absent when the run stopped before its workload: then no op is recorded. */
  readonly interpreter: Interpreter | undefined;
  readonly log: (line: string) => void;
}

/** Heals everything; records one heal op per fault in force; never throws (a failed heal is logged and recorded). */
export async function healInForce(h: HealInForce): Promise<void> {
  const open = faultsInForce(h.history, h.shading);
  const teardown = (): Promise<void> => h.nemesis.teardown(h.cluster);
  if (open.length === 0 || !h.interpreter) {
    await teardown().catch((e: unknown) => h.log(`cannot heal: ${messageOf(e)}`));
    return;
  }
  const labels = open.map(faultLabel).join(", ");
  h.log(`healing the faults in force: ${labels}`);
  const heals = open.map((f) => ({ f: f.shading.stop, value: f.nodes.length > 0 ? { nodes: f.nodes } : null }));
  let failed: unknown;
  await h.interpreter.recordNemesis(heals, () => teardown().catch((e: unknown) => {
    failed = e;
    throw e;
  }));
  h.log(failed === undefined ? `healed: ${labels}` : `cannot heal: ${messageOf(failed)}`);
}

/**
 * The nemesis ops a run keeps for its last heal: `add` appends one, and
 * drops the ops before the start of the earliest fault still in force once
 * twice as many are kept as after the last drop (so each op is looked at a
 * bounded number of times). Dropped ops belong to faults healed before
 * every fault in force began, so `faultsInForce` finds the same faults in
 * force in what is kept. An hour's soak recorded 6,252 nemesis ops, which
 * kept whole were its live heap's only growth (2.5 MB an hour).
 */
export interface NemesisOpsInForce {
  readonly ops: readonly Op[];
  add(op: Op): void;
}

/** Keeps the nemesis ops of `shading`'s faults still in force (see NemesisOpsInForce); `floor`: ops kept before any drop. */
export function nemesisOpsInForce(shading: readonly FaultShading[], floor = 256): NemesisOpsInForce {
  const ops: Op[] = [];
  let dropAt = floor;
  return {
    ops,
    add(op) {
      ops.push(op);
      if (ops.length < dropAt) return;
      const from = Math.min(...faultsInForce(ops, shading).map((f) => f.start));
      const first = ops.findIndex((o) => o.time >= from);
      ops.splice(0, first < 0 ? ops.length : first);
      dropAt = Math.max(floor, 2 * ops.length);
    },
  };
}
