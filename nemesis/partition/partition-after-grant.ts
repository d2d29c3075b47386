/**
 * `partition-leader-after-grant`: right after an acquire returns ok, cut
 * the lock node that granted it (the leader when the adapter can tell, else
 * the node the client asked: nemesis/leader/grant-aim.ts) off from the
 * other lock nodes, before it can replicate the grant, then heal after
 * `durationMs` (default 3000). Clients and storage still reach every node.
 * A service that answers before a majority has the grant loses it to the
 * next leader, which grants the same resource again. At most one cut per
 * nemesis interval, on `faultCycle`'s aimed form (as `partition-holder`).
 */
import { HarnessError, runNodes, type ClusterNode, type RunConfig } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import type { NemesisContext } from "../leader/current-leader.js";
import { aimAt, aimsAtGrant, grantAim, grantAimOption, isGrant, type GrantAim, type LeaderWatch } from "../leader/grant-aim.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { numberOption } from "../schedule/fault-options.js";
import { grudgeRecord, isolate, type PartitionValue } from "./grudge.js";

const NAME = "partition-leader-after-grant";
const DEFAULT_DURATION_MS = 3000;

/** The package over the partition kind's nemesis and shading. */
export function partitionAfterGrantPackage(base: Pick<FaultPackageSpec, "nemesis" | "shading">): FaultPackageSpec {
  return {
    ...base,
    name: NAME,
    description:
      "right after an acquire returns ok, cut the lock node that granted it (chosen as for kill-after-grant) off from the other lock nodes, heal after durationMs (default 3000); one per interval (needs 2+ lock nodes)",
    needs: ["partition"],
    kind: "partition",
    prefersLeader: true,
    generator: partitionAfterGrantGenerator,
  };
}

/** The schedule: a cut after the first grant at least an interval after the last heal; refuses fewer than two lock nodes. */
export function partitionAfterGrantGenerator(config: RunConfig, startNs: number) {
  const scope = { package: NAME, kind: "partition" };
  const aim = grantAimOption(config, scope);
  const lockNodes = runNodes(config).filter((n) => n.role === "lock");
  if (lockNodes.length < 2) {
    throw new HarnessError("config.invalid", `Cannot run nemesis "${NAME}": ${lockNodes.length} lock node(s) leave no other node to cut the granting one off from (use --lock-nodes 3)`);
  }
  return faultCycle({
    package: NAME,
    start: "start-partition",
    stop: "stop-partition",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, scope, "durationMs", DEFAULT_DURATION_MS),
    seed: config.seed,
    trigger: isGrant,
    plan: (_step, _rng, trigger) => ({ shape: "after-grant", grudge: {}, ...grantAim(config, trigger as NonNullable<typeof trigger>, aim) }),
  });
}

/**
 * The start value to apply: unchanged unless it is aimed at a grant; then
 * with the grudge cutting the granting node off from the other lock nodes
 * (and `leader`, when the run watches who leads). Synchronous.
 */
export function resolveGrantPartition(value: PartitionValue, nodes: readonly ClusterNode[], watch: LeaderWatch | undefined, ctx: NemesisContext): PartitionValue {
  if (!aimsAtGrant(value)) return value;
  const { node, value: aimed } = aimAt(value as PartitionValue & GrantAim, watch, ctx);
  const lockNodes = nodes.filter((n) => n.role === "lock").map((n) => n.id as string);
  return { ...aimed, cut: node, grudge: grudgeRecord(isolate(lockNodes, node)) };
}
