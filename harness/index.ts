/**
 * fencecheck's programmatic API: run a test, re-check a stored run, check
 * a history. The CLI is a thin layer over these.
 */
export * from "./core/index.js";
export { runTest, analyzeRun, checkAndReport, type RunDeps, type RunOutcome, type CheckedRun } from "./run/index.js";
export { createLocalRuntime, cleanLocal } from "./runtime/index.js";
export { readStoredRun, openRunStore, RUN_FILES } from "./store/index.js";
export { main } from "./cli/main.js";
