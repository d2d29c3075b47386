/**
 * Checks a parsed history with a named model: picks the model (given, or
 * inferred from the ops), converts the ops and runs the search.
 */
import { HarnessError } from "../../core/index.js";
import type { HistoryFormat, JepsenOp } from "./formats/jepsen-op.js";
import { checkOperations, type LinearizabilityOptions, type LinearizabilityResult } from "./checker.js";
import type { Model, Operation } from "./model.js";
import { modelSpec, type ModelChoice } from "./models/registry.js";
import { inferModelName, toOperations } from "./to-operations.js";

/** A history made ready for the search. */
export interface PreparedCheck {
  readonly modelName: string;
  readonly initial: unknown;
  readonly model: Model<unknown, unknown, unknown>;
  readonly operations: readonly Operation<unknown, unknown>[];
}

/** Chooses the model and converts `ops` (read from `source`); throws input.invalid. */
export function prepareCheck(
  ops: readonly JepsenOp[],
  source: string,
  format: HistoryFormat | "empty",
  choice?: ModelChoice,
): PreparedCheck {
  const spec = choice?.spec ?? modelSpec(inferModelName(ops, format));
  const initial = choice?.initial;
  let model: Model<unknown, unknown, unknown>;
  try {
    model = spec.model(initial);
  } catch (error) {
    return badInitial(spec.name, error);
  }
  return { modelName: spec.name, initial, model, operations: toOperations(spec, ops, source) };
}

function badInitial(name: string, error: unknown): never {
  throw new HarnessError("input.invalid", `Cannot use the initial value for model "${name}": ${(error as Error).message}`);
}

/** Checks a prepared history. */
export function checkPrepared(prepared: PreparedCheck, options: LinearizabilityOptions = {}): LinearizabilityResult {
  return checkOperations(prepared.model, prepared.operations, options);
}
