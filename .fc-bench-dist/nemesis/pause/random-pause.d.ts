/**
 * Random pauses: every `intervalMs`, stop one node chosen by the run's seed
 * (lock, storage or client) for `durationMs`, then resume it.
 */
import { type Generator } from "../../harness/core/index.js";
/** Options of the random pause schedule. */
export interface RandomPauseOptions {
    readonly nodes: readonly string[];
    readonly intervalMs: number;
    readonly durationMs: number;
    readonly seed: number;
}
/** The random pause generator (ops for the pause nemesis). */
export declare function randomPauseGenerator(opts: RandomPauseOptions): Generator;
