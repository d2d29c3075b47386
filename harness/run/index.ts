/** The run lifecycle, the interpreter and analysis. */
export * from "./run-test.js";
// analyze-run.js and check-and-report.js are imported where they are used: a run loads the
// checkers and the report's charts (Chart.js, the native canvas) only once its clients are done.
export * from "./interpreter.js";
export * from "./agent-client.js";
export * from "./resolve-lock-service.js";
export * from "./resolve-run.js";
export * from "./run-images.js";
export { checkStore, runFolderName } from "../store/index.js";
export * from "./runtimes.js";
export * from "./registries.js";
export * from "./pages.js";
export * from "./checking.js";
export * from "./phase-trace.js";
export { launchRequirements, lockRequirements, lockServiceRequirements, PROBE_DATA_DIR } from "./lock-requirements.js";
