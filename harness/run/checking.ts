/** Checking history files (`fencecheck check`): the check/ machinery and the model and format choices, for the CLI. */
export * from "../check/index.js";
export { parseFormatArg, parseInitial, parseModelArg, type ModelChoice } from "../../checkers/index.js";
