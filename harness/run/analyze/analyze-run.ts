/** Re-checks a stored run from its files alone (Jepsen's `analyze`). */
import { realpathSync } from "node:fs";
import type { HarnessError } from "../../../core/index.js";
import { HistoryPastMemoryBound, readStoredRun } from "../../store/index.js";
import { checkAndReport, type CheckedRun } from "./check-and-report.js";
import { DEFAULT_MAX_MEMORY_BYTES, memoryBound, memoryStopReason, pastMemoryOutcome } from "./check-memory-bound.js";

/** Options: where to write JUnit XML, when wanted; the check's memory bound (default 2 GiB: past it, unknown). */
export interface AnalyzeOptions {
  readonly junitPath?: string;
  readonly maxMemoryBytes?: number;
}

/** Reads the run folder, re-runs every checker, rewrites results.json and report.html. */
export async function analyzeRun(dir: string, options: AnalyzeOptions = {}): Promise<CheckedRun & { readonly dir: string; readonly error?: HarnessError }> {
  const { maxMemoryBytes = DEFAULT_MAX_MEMORY_BYTES, ...rest } = options;
  let stored;
  try {
    stored = readStoredRun(dir, { pastBound: memoryBound(maxMemoryBytes) });
  } catch (error) {
    if (!(error instanceof HistoryPastMemoryBound)) throw error;
    const checked = pastMemoryOutcome(realpathSync(dir), error, maxMemoryBytes);
    return { ...checked, dir: realpathSync(dir), ...(checked.writeFailure ? { error: checked.writeFailure } : {}) };
  }
  const checked = await checkAndReport({ config: stored.config, history: stored.history, storage: stored.storage, dir: stored.dir, stopReason: memoryStopReason(maxMemoryBytes), ...rest });
  return { ...checked, dir: stored.dir, ...(checked.writeFailure ? { error: checked.writeFailure } : {}) };
}
