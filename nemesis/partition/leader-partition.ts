/**
 * `partition-leader`: at each fault, ask who leads the lock service and cut
 * that node off from the other lock nodes (clients and storage still reach
 * every node), then heal. `partition-one-way`: one node, drawn from the
 * seed, stops hearing from another while the reverse direction still works.
 */
import { HarnessError, runNodes, type ClusterNode, type Rng, type RunConfig } from "../../core/index.js";
import { aimsAtLeader, currentLeader, type NemesisContext } from "../leader/current-leader.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { nodesOption, numberOption } from "../schedule/fault-options.js";
import { grudgeRecord, isolate, oneWay, shuffled, type PartitionValue } from "./grudge.js";

const DEFAULT_DURATION_MS = 3000;

/**
 * The start value to apply: unchanged unless it aims at the leader; then
 * with `leader` and the grudge isolating it from the other lock nodes, or
 * `leader: null` (and an empty grudge) when no node leads.
 */
export async function resolveLeaderPartition(value: PartitionValue, nodes: readonly ClusterNode[], ctx: NemesisContext): Promise<PartitionValue> {
  if (!aimsAtLeader(value)) return value;
  const leader = await currentLeader(ctx, value.package);
  if (leader === undefined) return { ...value, leader: null, grudge: {} };
  const lockNodes = nodes.filter((n) => n.role === "lock").map((n) => n.id as string);
  return { ...value, leader, grudge: grudgeRecord(isolate(lockNodes, leader)) };
}

/** The schedule of `partition-leader`; refuses a run with fewer than two started lock nodes. */
export function leaderPartitionGenerator(config: RunConfig, startNs: number) {
  const name = "partition-leader";
  const lockNodes = runNodes(config).filter((n) => n.role === "lock");
  if (config.lock.endpoints?.length) {
    throw new HarnessError("config.invalid", `Cannot run nemesis "${name}": the run starts no lock nodes (it uses --endpoints)`);
  }
  if (lockNodes.length < 2) {
    throw new HarnessError("config.invalid", `Cannot run nemesis "${name}": ${lockNodes.length} lock node(s) leave no leader to cut off (use --lock-nodes 3)`);
  }
  return faultCycle({
    package: name,
    start: "start-partition",
    stop: "stop-partition",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, { package: name, kind: "partition" }, "durationMs", DEFAULT_DURATION_MS),
    seed: config.seed,
    plan: () => ({ shape: "leader", target: "leader", grudge: {} }),
  });
}

/** One node of `nodes` (drawn from `rng`) that drops traffic from another. Pure. */
export function randomOneWay(nodes: readonly string[], rng: Rng): { from: string; to: string } {
  const [from, to] = shuffled(nodes, rng);
  return { from: from as string, to: to as string };
}

/** The schedule of `partition-one-way` over the participating nodes (lock, storage, client by default). */
export function oneWayGenerator(config: RunConfig, startNs: number) {
  const name = "partition-one-way";
  const scope = { package: name, kind: "partition" };
  const nodes = nodesOption(config, scope, ["lock", "storage", "client"]);
  if (nodes.length < 2) {
    throw new HarnessError("config.invalid", `Cannot run nemesis "${name}": it needs two nodes and the run has ${nodes.length}`);
  }
  return faultCycle({
    package: name,
    start: "start-partition",
    stop: "stop-partition",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, scope, "durationMs", DEFAULT_DURATION_MS),
    seed: config.seed,
    plan(_step, rng) {
      const { from, to } = randomOneWay(nodes, rng);
      return { shape: "one-way", from, to, grudge: grudgeRecord(oneWay([from], [to])) };
    },
  });
}
