/**
 * The partition nemesis: `start-partition` applies a grudge (replacing any
 * earlier one), `stop-partition` heals every partition rule. The start op
 * completes as soon as the rules are in force; proving the cut (one grudged
 * pair must fail to connect, which takes a probe timeout) runs beside the
 * schedule, and its outcome is recorded on the matching stop op, whose heal
 * waits for it. The heal itself is proved before the stop completes: the
 * same pair must connect again (a refused connection counts: the path
 * works). A fault that did not take effect throws
 * "nemesis.fault-not-applied", which the run records on the stop op. A start
 * aimed at the leader (`target: "leader"`) is resolved when it runs; with no
 * leader it records `leader: null` and changes nothing. A start aimed at a
 * grant (`partition-leader-after-grant`) is resolved when it runs too, and
 * records how long after the grant its rules were in force.
 */
import { HarnessError, messageOf, type Cluster, type ClusterNetwork, type Grudge, type Invoke, type Nemesis, type NodeId, type ProbeResult } from "../../core/index.js";
import { grudgeFromRecord, type PartitionValue } from "./grudge.js";
import { resolveLeaderPartition } from "./leader-partition.js";
import { resolveGrantPartition } from "./partition-after-grant.js";
import type { NemesisContext } from "../leader/current-leader.js";
import { aimsAtGrant, markStruck, watchLeader } from "../leader/grant-aim.js";

export type { PartitionValue } from "./grudge.js";


/** A pair probed to prove a fault: `to` drops traffic from `from`. */
export interface ProbedPair {
  readonly from: string;
  readonly to: string;
  readonly result: ProbeResult;
}

/** Options of the partition nemesis. */
export interface PartitionNemesisOptions extends NemesisContext {
  /** How long a probe waits for an answer; default 1000 ms. */
  readonly probeTimeoutMs?: number;
}

const HEAL_PROBE_ATTEMPTS = 3;

/** What proving a cut found: the probed pair, or why the cut is not in force. */
type CutProof = { readonly probed?: ProbedPair } | { readonly error: unknown };

/** Creates a partition nemesis; it remembers whether a grudge is in place, so teardown heals only then. */
export function partitionNemesis(opts: PartitionNemesisOptions = {}): Nemesis {
  const timeoutMs = opts.probeTimeoutMs ?? 1000;
  let applied: { pair?: { from: NodeId; to: NodeId }; proof: Promise<CutProof> } | undefined;
  // Faults aimed at a grant strike the last leader seen, refreshed at setup and after each heal.
  const watch = watchLeader(opts);
  return {
    fs: new Set(["start-partition", "stop-partition"]),
    setup: async () => watch?.refresh(),
    async invoke(op: Invoke, cluster: Cluster) {
      if (op.f === "start-partition") {
        const given = op.value as PartitionValue;
        const value = aimsAtGrant(given) ? resolveGrantPartition(given, cluster.nodes, watch, opts) : await resolveLeaderPartition(given, cluster.nodes, opts);
        if (value.leader === null && !aimsAtGrant(value)) return value;
        const grudge = grudgeFromRecord(value.grudge);
        const pair = probePair(grudge);
        // A proof still running belongs to the grudge being replaced: let it finish first.
        await applied?.proof;
        await cluster.partition(grudge);
        applied = { ...(pair ? { pair } : {}), proof: proveCut(cluster, pair, timeoutMs).catch((error: unknown) => ({ error })) };
        return aimsAtGrant(value) ? markStruck(value, opts) : value;
      }
      const value = op.value as PartitionValue;
      const was = applied;
      applied = undefined;
      const cut = await was?.proof;
      await cluster.heal();
      const healed = await proveHealed(cluster, was?.pair, timeoutMs).catch((error: unknown) => ({ error }));
      watch?.refresh();
      const failures = [cut, healed].flatMap((proof) => (proof && "error" in proof ? [messageOf(proof.error)] : []));
      if (failures.length > 0) throw new HarnessError("nemesis.fault-not-applied", failures.join("; "));
      return { ...value, ...(cut && "probed" in cut ? { cutProbed: cut.probed } : {}), ...healed };
    },
    async teardown(cluster) {
      if (applied) {
        applied = undefined;
        await cluster.heal();
      }
      await watch?.settled();
    },
  };
}

/** The first pair (in sorted order) where `to` drops `from`, if the grudge has one. */
export function probePair(grudge: Grudge): { from: NodeId; to: NodeId } | undefined {
  const entries = [...grudge].filter(([, dropped]) => dropped.size > 0).sort(([a], [b]) => a.localeCompare(b));
  const [first] = entries;
  if (!first) return undefined;
  const from = [...first[1]].sort()[0] as NodeId;
  return { from, to: first[0] };
}

async function proveCut(cluster: ClusterNetwork, pair: { from: NodeId; to: NodeId } | undefined, timeoutMs: number): Promise<{ probed?: ProbedPair }> {
  if (!pair) return {};
  const result = await cluster.probe(pair.from, pair.to, { timeoutMs });
  if (result !== "timeout") {
    throw new HarnessError(
      "nemesis.fault-not-applied",
      `Cannot partition node "${pair.to}" from "${pair.from}": a connection from "${pair.from}" still got an answer (${result}) while the partition should have been in force`,
    );
  }
  return { probed: { ...pair, result } };
}

async function proveHealed(cluster: ClusterNetwork, pair: { from: NodeId; to: NodeId } | undefined, timeoutMs: number): Promise<{ probed?: ProbedPair }> {
  if (!pair) return {};
  let result: ProbeResult = "timeout";
  for (let attempt = 0; attempt < HEAL_PROBE_ATTEMPTS && result === "timeout"; attempt++) {
    result = await cluster.probe(pair.from, pair.to, { timeoutMs });
  }
  if (result === "timeout") {
    throw new HarnessError(
      "nemesis.fault-not-applied",
      `Cannot heal the partition between "${pair.from}" and "${pair.to}": connections still time out after the heal`,
    );
  }
  return { probed: { ...pair, result } };
}
