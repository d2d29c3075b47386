/**
 * The packet-loss and delay packages. Targets are chosen by the run's seed
 * among the nodes of the roles in the `nodes` option.
 */
import { type FaultShading } from "../../harness/core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
/** Loss periods run from start-loss to stop-loss. */
export declare const LOSS_SHADING: FaultShading;
/** Delay periods run from start-delay to stop-delay. */
export declare const DELAY_SHADING: FaultShading;
/** The loss and delay packages. */
export declare function netPackages(): readonly FaultPackageSpec[];
