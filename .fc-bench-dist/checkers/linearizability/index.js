/** The linearizability checker: porcupine's algorithm, its models, and the history formats it reads. */
export { ILLEGAL, UNKNOWN, isUnknown, fillDefaults, describeValue } from "./model.js";
export { checkOperations, checkEvents, checkPartition, combineVerdicts, eventsToOperations, searchLimits, } from "./checker.js";
export { fromHistory, jepsenOpsOf, checkLockHistory } from "./from-history.js";
export { visualizationData } from "./visualization-data.js";
export { MODEL_SPECS, modelSpec, parseModelArg, parseInitial } from "./models/registry.js";
export { DROP } from "./models/spec.js";
export { registerModel } from "./models/register.js";
export { kvModel, kvMapModel } from "./models/kv.js";
export { multiRegisterModel } from "./models/multi-register.js";
export { mutexModel } from "./models/mutex.js";
export { fencedRegisterModel } from "./models/fenced-register.js";
export { detectFormat, parseFormatArg, parseHistoryText } from "./formats/detect.js";
export { HISTORY_FORMATS } from "./formats/jepsen-op.js";
export { toOperations, inferModelName } from "./to-operations.js";
export { prepareCheck, checkPrepared } from "./check-history.js";
export { generateRegisterHistory, generateKvHistory } from "./generate.js";
//# sourceMappingURL=index.js.map