/**
 * The clock fault packages (libfaketime in the local runtime). Options, per
 * package or for the whole kind as `clock.<key>`:
 * - `nodes`: roles to skew, "lock", "storage", "client", "all" (default all);
 * - `durationMs`: how long a skew stays before `reset-clock` (default 5000);
 * - clock-skew `maxOffsetMs` (default 2 TTLs); clock-rate `minRate`/`maxRate`
 *   (0.5 and 2); clock-jump `jumpMs` (2 TTLs); clock-strobe `deltaMs` (1 TTL),
 *   `periodMs` (200), `strobeMs` (2000); clock-holder `rate` or `ttlFactor` (1.5);
 * - `monotonic` (kind only, `clock.monotonic=true`): fake CLOCK_MONOTONIC too.
 */
import { type FaultShading, type RunConfig } from "../../harness/core/index.js";
import type { FaultPackageSpec } from "../fault-package.js";
/** Clock periods run from a "clock" op to the next "reset-clock". */
export declare const CLOCK_SHADING: FaultShading;
/** The clock packages. */
export declare function clockPackages(): readonly FaultPackageSpec[];
/** The nodes a run's clock packages skew (to refuse nodes libfaketime cannot reach). */
export declare function clockTargets(config: RunConfig): string[];
/** Whether the run asks for faked monotonic clocks (`--fault-opt clock.monotonic=true`). */
export declare function fakeMonotonic(config: RunConfig): boolean;
