/** Everything a report is built from: what the store holds for one run. */
import type { CheckResult, FaultShading, HazardFindings, History, RunConfig, StorageRecord, Validity } from "../core/index.js";

/** A stored run: config, history, storage records, checker results and how to shade faults. */
export interface StoredRun {
  readonly config: RunConfig;
  readonly history: History;
  readonly storage: readonly StorageRecord[];
  /** `reason` says why an unknown verdict is unknown (absent in results.json of older runs). */
  readonly results: HazardFindings & {
    readonly valid: Validity;
    readonly reason?: string;
    readonly results: Readonly<Record<string, CheckResult>>;
  };
  readonly shading: readonly FaultShading[];
}
