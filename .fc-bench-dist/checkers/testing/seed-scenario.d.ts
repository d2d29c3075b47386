/**
 * The seed's "full picture" as a hand-written run, for checker and report
 * tests: client 3 (node c2) takes r1 with token 33, is paused for 3 s (lease
 * 2 s), client 1 takes r1 with token 34 and writes, then client 3 wakes and
 * writes under token 33. Fenced storage rejects it; unfenced storage accepts it.
 */
import type { History, RunConfig, StorageKind, StorageRecord } from "../../harness/core/index.js";
/** A run configuration for tests; `overrides` replace top-level fields. */
export declare function testRunConfig(kind?: StorageKind, overrides?: Partial<RunConfig>): RunConfig;
/** The recorded data of one seed run. */
export interface SeedRun {
    readonly config: RunConfig;
    readonly history: History;
    readonly storage: readonly StorageRecord[];
}
/** The seed scenario against `kind` storage (see the file comment). */
export declare function seedScenario(kind: StorageKind): SeedRun;
