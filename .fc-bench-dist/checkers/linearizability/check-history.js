/**
 * Checks a parsed history with a named model: picks the model (given, or
 * inferred from the ops), converts the ops and runs the search.
 */
import { HarnessError } from "../../harness/core/index.js";
import { checkOperations } from "./checker.js";
import { modelSpec } from "./models/registry.js";
import { inferModelName, toOperations } from "./to-operations.js";
/** Chooses the model and converts `ops` (read from `source`); throws input.invalid. */
export function prepareCheck(ops, source, format, choice) {
    const spec = choice?.spec ?? modelSpec(inferModelName(ops, format));
    const initial = choice?.initial;
    let model;
    try {
        model = spec.model(initial);
    }
    catch (error) {
        return badInitial(spec.name, error);
    }
    return { modelName: spec.name, initial, model, operations: toOperations(spec, ops, source) };
}
function badInitial(name, error) {
    throw new HarnessError("input.invalid", `Cannot use the initial value for model "${name}": ${error.message}`);
}
/** Checks a prepared history. */
export function checkPrepared(prepared, options = {}) {
    return checkOperations(prepared.model, prepared.operations, options);
}
//# sourceMappingURL=check-history.js.map