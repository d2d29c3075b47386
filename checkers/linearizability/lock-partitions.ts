/**
 * A lock workload's history against the fenced-register model one resource
 * at a time: the resource's reads and writes are read from the history,
 * converted and searched, and dropped before the next resource, so the
 * check holds one partition's operations at once (not every op of a
 * 10-million-op history). Operations' times are positions in the whole
 * history, which orders each partition exactly as `checkLockHistory`'s
 * positions among client ops do, so the verdicts are the same; partitions
 * are numbered as `checkLockHistory` numbers them (by the first operation
 * each one's partition receives in history order).
 */
import { createSystemClock, indexedPairs, type History, type IndexedOpPair } from "../../core/index.js";
import { combineVerdicts, partitionInfo, searchLimits, type LinearizabilityOptions, type PartitionInfo, type Verdict } from "./checker.js";
import { fillDefaults, type Model, type Operation } from "./model.js";
import { searchPartition, type PartitionOutcome } from "./search.js";
import type { JepsenOp } from "./formats/jepsen-op.js";
import { conditionalRegisterSpec, fencedRegisterSpec } from "./models/fenced-register.js";
import { toOperations } from "./to-operations.js";

/** Which register the history is checked against. */
export interface LockModelOption {
  /** True for storage that decided every write by the version its writer read (core decidedByVersion): the conditional-register model, tokens left out. */
  readonly byVersion?: boolean;
}

/** What `checkLockPartitions` found: the verdict, the counts, and every partition that is not ok (with its ops). */
export interface LockPartitionsResult {
  readonly verdict: Verdict;
  readonly partitions: number;
  readonly operations: number;
  /** Partitions whose outcome is illegal or unknown, in partition order, indexed as `checkLockHistory` indexes them. */
  readonly failed: readonly PartitionInfo<unknown, unknown>[];
}

/**
 * Checks every resource of `history` under one deadline (`options`), as
 * `checkLockHistory` does with every partition: illegal beats unknown beats
 * ok, and every partition is checked. Throws input.invalid as it does.
 */
export function checkLockPartitions(history: History, options: LinearizabilityOptions & LockModelOption): LockPartitionsResult {
  const spec = options.byVersion === true ? conditionalRegisterSpec : fencedRegisterSpec;
  const clock = options.clock ?? createSystemClock();
  const deadline = options.timeoutMs === undefined ? Infinity : clock.nowNs() + options.timeoutMs * 1e6;
  const limits = searchLimits(options, clock, deadline);
  const model = fillDefaults(spec.model(undefined) as Model<unknown, unknown, unknown>);
  const checked: { rank: number; count: number; kept?: { ops: Operation<unknown, unknown>[]; outcome: PartitionOutcome } }[] = [];
  for (const group of groupByResource(history)) {
    const ops = partitionOps(history, group, spec) as Operation<unknown, unknown>[];
    if (ops.length === 0) continue;
    let rank = Infinity;
    for (const o of ops) rank = Math.min(rank, group.rankOf(o.call));
    const outcome = searchPartition(model, ops, limits);
    checked.push({ rank, count: ops.length, ...(outcome.result === "ok" ? {} : { kept: { ops, outcome } }) });
  }
  checked.sort((a, b) => a.rank - b.rank);
  const failed = checked.flatMap((c, index) => (c.kept === undefined ? [] : [partitionInfo(model, c.kept.ops, c.kept.outcome, index)]));
  return {
    verdict: combineVerdicts(failed.map((p) => p.outcome.result)),
    partitions: checked.length,
    operations: checked.reduce((n, c) => n + c.count, 0),
    failed,
  };
}

/** One resource's client pairs, in invoke order. */
interface Group {
  /** Each pair's place in `all`, in invoke order (numbers, not pairs: a compact history's pairs are made when read). */
  readonly members: number[];
  readonly all: readonly IndexedOpPair[];
  /** Where the operation called at history position `call` was emitted: its completion, or past the end when it has none. */
  rankOf(call: number): number;
}

/** The client pairs of each resource (pairs whose invoke names none form a group of their own, checked first: they are an error). */
function groupByResource(history: History): Group[] {
  const all = indexedPairs(history);
  const byResource = new Map<unknown, number[]>();
  const unnamed: number[] = [];
  all.forEach((pair, k) => {
    const invoke = pair.invoke;
    if (typeof invoke.process !== "number") return;
    const resource = (invoke.value as { resource?: unknown } | null | undefined)?.resource;
    if (typeof resource !== "string") {
      if (invoke.f !== "acquire" && invoke.f !== "release") unnamed.push(k);
      return;
    }
    const list = byResource.get(resource);
    if (list === undefined) byResource.set(resource, [k]);
    else list.push(k);
  });
  return [unnamed, ...byResource.values()].map((members) => group(all, members, history.length));
}

function group(all: readonly IndexedOpPair[], members: number[], end: number): Group {
  const pairAt = (m: number): IndexedOpPair => all[members[m] as number] as IndexedOpPair;
  return {
    members,
    all,
    rankOf(call) {
      let lo = 0;
      let hi = members.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (pairAt(mid).invokeAt < call) lo = mid + 1;
        else hi = mid;
      }
      const pair = pairAt(lo);
      return pair.completionAt ?? end + pair.invokeAt;
    },
  };
}

/** Ops the model drops (they do not touch storage). */
const LEFT_OUT: ReadonlySet<string> = new Set(["acquire", "release", "hold", "check-lease"]);

/** The group's operations, times as history positions; ops the model drops are not read twice. */
function partitionOps(history: History, group: Group, spec: typeof fencedRegisterSpec): ReturnType<typeof toOperations> {
  const jepsen: JepsenOp[] = [];
  const positions: number[] = [];
  for (const k of group.members) {
    const pair = group.all[k] as IndexedOpPair;
    const invoke = pair.invoke;
    const completion = pair.completion;
    if (LEFT_OUT.has(invoke.f) && (completion === undefined || completion.f === invoke.f)) continue;
    for (const [op, at] of [[invoke, pair.invokeAt], [completion, pair.completionAt]] as const) {
      if (op === undefined || at === undefined || typeof op.process !== "number") continue;
      const errorCode = op.type === "fail" || op.type === "info" ? op.error?.code : undefined;
      jepsen.push({ process: op.process, type: op.type, f: op.f, value: op.value, line: at + 1, ...(errorCode ? { errorCode } : {}) });
      positions.push(at);
    }
  }
  const order = positions.map((_, k) => k).sort((a, b) => (positions[a] as number) - (positions[b] as number));
  return toOperations(spec, order.map((k) => jepsen[k] as JepsenOp), "history", (at) => positions[order[at] as number] as number);
}
