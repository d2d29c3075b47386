/**
 * The kill packages: crash a lock or storage node chosen by the run's seed
 * (SIGKILL), keep it down for a while, then start it again with the same
 * data directory.
 */
import { type FaultShading } from "../../harness/core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
/** Crash periods run from kill to restart. */
export declare const KILL_SHADING: FaultShading;
/** The kill packages. */
export declare function killPackages(): readonly FaultPackageSpec[];
