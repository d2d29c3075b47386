/**
 * The partition fault packages. Shapes are drawn over the participating
 * nodes (lock, storage and client nodes by default; `--fault-opt
 * partition.nodes=lock` restricts them) in an order shuffled by the run's
 * seed and the step number, so a schedule is reproducible from its seed.
 */
import type { NemesisContext } from "../leader/current-leader.js";
import { HarnessError, runNodes, type Completion, type FaultShading, type Grudge, type Op, type RunConfig, type Rng } from "../../core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
import { faultCycle } from "../schedule/fault-cycle.js";
import { nodesOption, numberOption, type OptionScope } from "../schedule/fault-options.js";
import { bridge, grudgeRecord, halves, holderFromLock, isolate, majoritiesRing, majorityMinority, shuffled } from "./grudge.js";
import { partitionNemesis } from "./partition-nemesis.js";
import { leaderPartitionGenerator, oneWayGenerator } from "./leader-partition.js";
import { partitionAfterGrantPackage } from "./partition-after-grant.js";

/** Partition periods run from start-partition to stop-partition. */
export const PARTITION_SHADING: FaultShading = { start: "start-partition", stop: "stop-partition", label: "partition", color: "#8ecae6" };

/** The shapes the random `partition` package draws from. */
export const PARTITION_SHAPES = ["halves", "isolate", "majority-minority", "majorities-ring", "bridge"] as const;
/** A named partition shape. */
export type PartitionShape = (typeof PARTITION_SHAPES)[number];

const DEFAULT_DURATION_MS = 3000;

/** The grudge of `shape` over `nodes` in a random order drawn from `rng`. Pure. */
export function shapeGrudge(shape: PartitionShape, nodes: readonly string[], rng: Rng): Grudge {
  const order = shuffled(nodes, rng);
  switch (shape) {
    case "halves":
      return halves(order);
    case "isolate":
      return isolate(order, order[0] as string);
    case "majority-minority":
      return majorityMinority(order);
    case "majorities-ring":
      return majoritiesRing(order);
    case "bridge":
      return bridge(order);
  }
}

/** The partition packages. */
export function partitionPackages(): readonly FaultPackageSpec[] {
  const base = { needs: ["partition"], kind: "partition", nemesis: (ctx: NemesisContext) => partitionNemesis(ctx), shading: PARTITION_SHADING } as const;
  const where = "over lock, storage and client nodes (partition.nodes=lock restricts them)";
  return [
    { ...base, name: "partition", description: `cut the network into a shape chosen by the seed each time (${PARTITION_SHAPES.join(", ")}) ${where}`, generator: (c, startNs) => shapedGenerator(c, startNs, "partition", PARTITION_SHAPES) },
    { ...base, name: "partition-halves", description: `cut the network into two random halves ${where}`, generator: (c, startNs) => shapedGenerator(c, startNs, "partition-halves", ["halves"]) },
    { ...base, name: "partition-ring", description: `majorities ring: every node sees a majority, no two the same one ${where}`, generator: (c, startNs) => shapedGenerator(c, startNs, "partition-ring", ["majorities-ring"]) },
    { ...base, name: "partition-bridge", description: `two halves joined by one bridge node that sees both ${where}`, generator: (c, startNs) => shapedGenerator(c, startNs, "partition-bridge", ["bridge"]) },
    { ...base, name: "partition-isolate", description: `cut one random node off from all others ${where}`, generator: (c, startNs) => shapedGenerator(c, startNs, "partition-isolate", ["isolate"]) },
    {
      ...base,
      name: "partition-holder",
      aims: ["paused-past-lease"],
      description: "right after a client's acquire succeeds, cut that client from the lock nodes (not from storage) for longer than the TTL, then heal (needs started lock nodes)",
      generator: holderGenerator,
    },
    { ...base, name: "partition-one-way", description: `one random node stops hearing from another (one direction only) ${where}`, generator: oneWayGenerator },
    {
      ...base,
      name: "partition-leader",
      description: "cut the lock service's current leader off from the other lock nodes, then heal (needs an adapter that can tell who leads)",
      generator: leaderPartitionGenerator,
      needsLeader: true,
    },
    partitionAfterGrantPackage(base),
  ];
}

function scope(name: string): OptionScope {
  return { package: name, kind: "partition" };
}

function shapedGenerator(config: RunConfig, startNs: number, name: string, shapes: readonly PartitionShape[]) {
  const s = scope(name);
  const nodes = nodesOption(config, s, ["lock", "storage", "client"]);
  return faultCycle({
    package: name,
    start: "start-partition",
    stop: "stop-partition",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: numberOption(config, s, "durationMs", DEFAULT_DURATION_MS),
    seed: config.seed,
    plan(_step, rng) {
      const shape = rng.pick(shapes);
      return { shape, grudge: grudgeRecord(shapeGrudge(shape, nodes, rng)) };
    },
  });
}

/** How long partition-holder cuts the holder off: by default the TTL plus half of it (at least 1 s more). */
export function holderPartitionMs(config: RunConfig): number {
  const ttl = config.workload.ttlMs;
  return numberOption(config, scope("partition-holder"), "durationMs", ttl + Math.max(1000, ttl / 2));
}

function holderGenerator(config: RunConfig, startNs: number) {
  const lockNodes = runNodes(config).filter((n) => n.role === "lock").map((n) => n.id);
  if (lockNodes.length === 0) {
    throw new HarnessError("config.invalid", `Cannot run nemesis "partition-holder": the run starts no lock nodes (it uses --endpoints)`);
  }
  return faultCycle({
    package: "partition-holder",
    start: "start-partition",
    stop: "stop-partition",
    intervalMs: config.nemesis.intervalMs, startNs,
    durationMs: holderPartitionMs(config),
    seed: config.seed,
    trigger: isAcquired,
    plan(_step, _rng, trigger) {
      const done = trigger as Completion;
      const v = done.value as { resource?: string; token?: string };
      const holder = done.node as string;
      return { shape: "holder", grudge: grudgeRecord(holderFromLock(holder, lockNodes)), process: done.process, resource: v.resource, token: v.token };
    },
  });
}

function isAcquired(event: Op): boolean {
  return event.type === "ok" && event.f === "acquire" && typeof event.process === "number" && event.node !== undefined;
}
