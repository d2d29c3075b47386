/** Re-checks a stored run from its files alone (Jepsen's `analyze`). */
import type { HarnessError } from "../../core/index.js";
import { readStoredRun } from "../store/index.js";
import { checkAndReport, type CheckedRun } from "./check-and-report.js";

/** Options: where to write JUnit XML, when wanted. */
export interface AnalyzeOptions {
  readonly junitPath?: string;
}

/** Reads the run folder, re-runs every checker, rewrites results.json and report.html. */
export async function analyzeRun(dir: string, options: AnalyzeOptions = {}): Promise<CheckedRun & { readonly dir: string; readonly error?: HarnessError }> {
  const stored = readStoredRun(dir);
  const checked = await checkAndReport({ config: stored.config, history: stored.history, storage: stored.storage, dir: stored.dir, ...options });
  return { ...checked, dir: stored.dir, ...(checked.writeFailure ? { error: checked.writeFailure } : {}) };
}
