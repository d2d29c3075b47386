/**
 * Whole-node pauses by target: one node, a minority, a majority or all of
 * them (lock nodes by default; `--fault-opt pause-majority.nodes=lock,storage`
 * widens it), frozen through the freezer cgroup (`mode=signal` for SIGSTOP),
 * for `durationMs` (default 2000), every nemesis interval. Which nodes is
 * drawn from the run's seed.
 */
import { type Rng } from "../../harness/core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
/** How many of the nodes a pause takes. */
export type PauseTarget = "one" | "minority" | "majority" | "all";
/**
 * The number of nodes a target names among `n`: one = 1; minority = the
 * largest group that is not a majority, (n - 1) / 2 rounded down; majority =
 * the smallest majority, n / 2 + 1 rounded down; all = n. Pure.
 */
export declare function targetCount(target: PauseTarget, n: number): number;
/** `targetCount` distinct nodes drawn from `rng`, in the nodes' own order. Pure. */
export declare function pickTargets(nodes: readonly string[], target: PauseTarget, rng: Rng): string[];
/** The targeted pause packages. */
export declare function targetedPausePackages(): readonly FaultPackageSpec[];
