/**
 * fencecheck's programmatic API: run a test, re-check a stored run, check
 * a history. The CLI is a thin layer over these.
 */
export * from "../core/index.js";
export { runTest, type ConfigRunDeps, type RunDeps, type RunOutcome } from "./run/index.js";
export { analyzeRun } from "./run/analyze-run.js";
export { checkAndReport, type CheckedRun } from "./run/check-and-report.js";
export { resolveRun, resolveLockService, runImages, type ResolvedRun, type ResolveRunOptions } from "./run/index.js";
export { resolveNemesis, findWorkload, workloads, type NemesisPlan } from "./run/index.js";
export { builtInAdapters, faultPackages, storageKinds } from "./run/index.js";
export type { Workload } from "../workloads/index.js";
export { createLocalRuntime, cleanLocal, mountLazyDisks } from "./runtime/index.js";
export { createDockerRuntime, dockerRuntimeForRun, cleanDocker, buildImages, connectEngine, packageRoot, type DockerRunOptions } from "./runtime/index.js";
export { readStoredRun, openRunStore, RUN_FILES } from "./store/index.js";
export { main } from "./cli/main.js";
export { checkFile, runManifest, readManifest, checkParallel, readHistoryFile, type FileCheck, type ManifestRow, type ManifestSummary } from "./check/index.js";
export {
  checkOperations,
  checkEvents,
  checkLockHistory,
  fromHistory,
  type Model,
  type LinearizabilityResult,
} from "../checkers/index.js";
