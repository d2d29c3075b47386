/** The pause fault packages: the seed's aimed GC pause and random node pauses. */
import { type RunConfig } from "../../harness/core/index.js";
import { type FaultPackageSpec } from "../fault-package.js";
import { PAUSE_SHADING } from "./pause-shading.js";
export { PAUSE_SHADING };
/** The pause packages. */
export declare function pausePackages(): readonly FaultPackageSpec[];
/**
 * How long pause-holder stops the holder: `durationMs` if given, else
 * `ttlFactor` TTLs (`--fault-opt pause-holder.ttlFactor=1.5`), else by
 * default the TTL plus half of it (at least 1 s more).
 */
export declare function holderPauseMs(config: RunConfig, fault?: string): number;
/**
 * When pause-writer strikes after a write is invoked: inside the window
 * between the client's lease check and its write when there is one
 * (after the hold, mid-way through --write-delay-ms), else a third of the way
 * into the hold.
 */
export declare function writerDelayMs(config: RunConfig): number;
