/**
 * The partition fault packages. Shapes are drawn over the participating
 * nodes (lock, storage and client nodes by default; `--fault-opt
 * partition.nodes=lock` restricts them) in an order shuffled by the run's
 * seed and the step number, so a schedule is reproducible from its seed.
 */
import { type FaultShading, type Grudge, type RunConfig, type Rng } from "../../harness/core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
/** Partition periods run from start-partition to stop-partition. */
export declare const PARTITION_SHADING: FaultShading;
/** The shapes the random `partition` package draws from. */
export declare const PARTITION_SHAPES: readonly ["halves", "isolate", "majority-minority", "majorities-ring", "bridge"];
/** A named partition shape. */
export type PartitionShape = (typeof PARTITION_SHAPES)[number];
/** The grudge of `shape` over `nodes` in a random order drawn from `rng`. Pure. */
export declare function shapeGrudge(shape: PartitionShape, nodes: readonly string[], rng: Rng): Grudge;
/** The partition packages. */
export declare function partitionPackages(): readonly FaultPackageSpec[];
/** How long partition-holder cuts the holder off: by default the TTL plus half of it (at least 1 s more). */
export declare function holderPartitionMs(config: RunConfig): number;
