import type { HistoryFormat, JepsenOp } from "./formats/jepsen-op.js";
import { type LinearizabilityOptions, type LinearizabilityResult } from "./checker.js";
import type { Model, Operation } from "./model.js";
import { type ModelChoice } from "./models/registry.js";
/** A history made ready for the search. */
export interface PreparedCheck {
    readonly modelName: string;
    readonly initial: unknown;
    readonly model: Model<unknown, unknown, unknown>;
    readonly operations: readonly Operation<unknown, unknown>[];
}
/** Chooses the model and converts `ops` (read from `source`); throws input.invalid. */
export declare function prepareCheck(ops: readonly JepsenOp[], source: string, format: HistoryFormat | "empty", choice?: ModelChoice): PreparedCheck;
/** Checks a prepared history. */
export declare function checkPrepared(prepared: PreparedCheck, options?: LinearizabilityOptions): LinearizabilityResult;
