import { type JepsenOp } from "./formats/jepsen-op.js";
import { type Operation } from "./model.js";
import { type ModelSpec } from "./models/spec.js";
/** Converts `ops` for `spec`; errors name `source` and the line. */
export declare function toOperations<S, I, O>(spec: ModelSpec<S, I, O>, ops: readonly JepsenOp[], source: string): Operation<I, O>[];
/** The model whose functions cover the history's, for when none is given. */
export declare function inferModelName(ops: readonly JepsenOp[], format: string): string;
