/**
 * fencecheck's programmatic API: run a test, re-check a stored run, check
 * a history. The CLI is a thin layer over these.
 */
export * from "./core/index.js";
export { runTest, analyzeRun, checkAndReport } from "./run/index.js";
export { resolveLockService } from "./run/index.js";
export { createLocalRuntime, cleanLocal } from "./runtime/index.js";
export { readStoredRun, openRunStore, RUN_FILES } from "./store/index.js";
export { main } from "./cli/main.js";
export { checkFile, runManifest, readManifest, checkParallel, readHistoryFile } from "./check/index.js";
export { checkOperations, checkEvents, checkLockHistory, fromHistory, } from "../checkers/index.js";
//# sourceMappingURL=index.js.map