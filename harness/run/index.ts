/** The run lifecycle, the interpreter and analysis. */
export * from "./run-test.js";
export * from "./analyze-run.js";
export * from "./check-and-report.js";
export * from "./interpreter.js";
export * from "./agent-client.js";
export * from "./resolve-lock-service.js";
export { checkStore, runFolderName } from "../store/index.js";
export * from "./runtimes.js";
export * from "./registries.js";
export * from "./pages.js";
export * from "./checking.js";
