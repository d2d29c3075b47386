/**
 * Per-fault options shared by a kind's packages: `--fault-opt
 * partition-ring.durationMs=5000` sets one package, `--fault-opt
 * partition.durationMs=5000` every package of the partition kind (the
 * package's own option wins).
 */
import { type NodeRole, type RunConfig } from "../../harness/core/index.js";
/** Which package and kind an option is looked up for. */
export interface OptionScope {
    readonly package: string;
    readonly kind: string;
}
/** An option as given for the package, else for its kind. */
export declare function scopedOption(config: RunConfig, scope: OptionScope, key: string): unknown;
/** A positive number option, or `fallback`; anything else is a config error naming the option. */
export declare function numberOption(config: RunConfig, scope: OptionScope, key: string, fallback: number): number;
/**
 * The run's node ids of the roles named by the `nodes` option ("lock",
 * "lock,storage", "all"), or of `fallback` roles when it is not given.
 */
export declare function nodesOption(config: RunConfig, scope: OptionScope, fallback: readonly NodeRole[]): string[];
