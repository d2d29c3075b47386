/** Re-checks a stored run from its files alone (Jepsen's `analyze`). */
import { readStoredRun } from "../store/index.js";
import { checkAndReport } from "./check-and-report.js";
/** Reads the run folder, re-runs every checker, rewrites results.json and report.html. */
export async function analyzeRun(dir, options = {}) {
    const stored = readStoredRun(dir);
    const checked = await checkAndReport({ config: stored.config, history: stored.history, storage: stored.storage, dir: stored.dir, ...options });
    return { ...checked, dir: stored.dir };
}
//# sourceMappingURL=analyze-run.js.map