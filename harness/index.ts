/**
 * fencecheck's programmatic API, the package's entry (`"fencecheck"`): run
 * a test (`resolveRun`, `runTest` and a runtime to run it on), re-check a
 * stored run (`analyzeRun`), check a history (`checkFile`, the
 * linearizability checker), and the types a lock adapter is written
 * against. The CLI is a thin layer over these.
 *
 * Everything else a user may import is in the package's other entries
 * (package.json `exports`): `fencecheck/core` (ops, histories, `RunConfig`,
 * the runtime seam, the clock and rng), `fencecheck/run` (resolving and
 * running, phase timings, lock requirements), `fencecheck/runtime` (every
 * runtime and its housekeeping), `fencecheck/workloads` (workloads, adapters,
 * storage kinds), `fencecheck/nemesis` (fault packages, `resolveNemesis`),
 * `fencecheck/store` (run folders) and `fencecheck/cli` (`main`, the CLI in
 * this process).
 */
// Run a test.
export { resolveRun, runImages, runTest, type ConfigRunDeps, type ResolvedRun, type ResolveRunOptions, type RunDeps, type RunOutcome } from "./run/index.js";
export { createDockerRuntime, createLocalRuntime, dockerRuntimeForRun, type DockerRunOptions } from "./runtime/index.js";
export { HarnessError, type HarnessErrorCode, type RunConfig, type Runtime, type Validity } from "../core/index.js";
export type { Workload } from "../workloads/index.js";
// Re-check a stored run.
export { analyzeRun, checkAndReport, type AnalyzeOptions, type CheckedRun } from "./run/analyze/index.js";
// Check a history.
export { checkFile, checkParallel, readHistoryFile, readManifest, runManifest, type FileCheck, type ManifestRow, type ManifestSummary } from "./check/index.js";
export { checkEvents, checkLockHistory, checkOperations, fromHistory, type LinearizabilityResult, type Model } from "../checkers/index.js";
// Write a lock adapter (docs/adapters.md).
export type {
  AcquireOptions,
  ConnectOptions,
  LaunchFile,
  Lease,
  LockAdapter,
  LockAdapterInfo,
  LockClient,
  LockErrorCode,
  LockService,
  LockServiceClock,
  LockServiceLaunch,
  LockServiceNode,
  LockServiceSettings,
  RawToken,
  ReleaseOptions,
} from "../workloads/index.js";
export type { ExistingService, LeaseDeclaration } from "../core/index.js";
