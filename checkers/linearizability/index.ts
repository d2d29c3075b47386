/** The linearizability checker: porcupine's algorithm, its models, and the history formats it reads. */
export { ILLEGAL, UNKNOWN, isUnknown, fillDefaults, describeValue } from "./model.js";
export type { Illegal, UnknownOutput, Output, Operation, Event, Model, FullModel } from "./model.js";
export {
  checkOperations,
  checkEvents,
  checkPartition,
  partitionInfo,
  combineVerdicts,
  eventsToOperations,
  searchLimits,
} from "./checker.js";
export type {
  LinearizabilityOptions,
  LinearizabilityResult,
  LinearizationInfo,
  PartitionInfo,
  Verdict,
} from "./checker.js";
export { searchPartition, startSearch } from "./search.js";
export type { PartitionOutcome, Search, SearchLimits } from "./search.js";
export { fromHistory, jepsenOpsOf, checkLockHistory } from "./from-history.js";
export { visualizationData } from "./visualization-data.js";
export type { VisualOp, VisualPartition } from "./visualization-data.js";
export { MODEL_SPECS, modelSpec, parseModelArg, parseInitial } from "./models/registry.js";
export type { ModelChoice } from "./models/registry.js";
export { DROP } from "./models/spec.js";
export type { ModelSpec, OpPair } from "./models/spec.js";
export { registerModel } from "./models/register.js";
export { kvModel, kvMapModel } from "./models/kv.js";
export { multiRegisterModel } from "./models/multi-register.js";
export { mutexModel, knossosMutexModel } from "./models/mutex.js";
export { fencedRegisterModel } from "./models/fenced-register.js";
export { detectFormat, parseFormatArg, parseHistoryText } from "./formats/detect.js";
export type { ParsedHistory } from "./formats/detect.js";
export { HISTORY_FORMATS } from "./formats/jepsen-op.js";
export type { HistoryFormat, JepsenOp } from "./formats/jepsen-op.js";
export { toOperations, inferModelName } from "./to-operations.js";
export { prepareCheck, checkPrepared } from "./check-history.js";
export type { PreparedCheck } from "./check-history.js";
export { generateRegisterHistory, generateKvHistory } from "./generate.js";
export { checkLockPartitions } from "./lock-partitions.js";
export type { LockModelOption, LockPartitionsResult } from "./lock-partitions.js";
