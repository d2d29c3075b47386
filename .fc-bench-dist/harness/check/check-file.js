/**
 * Checks one history file: read, choose the model, convert, search (in
 * parallel when worth it) and time the search.
 */
import { prepareCheck, } from "../../checkers/index.js";
import { createSystemClock } from "../core/index.js";
import { checkParallel } from "./parallel-check.js";
import { readHistoryFile } from "./read-history.js";
/** Checks `path`; throws input.invalid when the file cannot be read. */
export async function checkFile(path, options = {}) {
    const parsed = readHistoryFile(path, options.format);
    const prepared = prepareCheck(parsed.ops, path, parsed.format, options.model);
    const clock = createSystemClock();
    const result = await checkParallel(prepared, {
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.maxMemoryBytes !== undefined ? { maxMemoryBytes: options.maxMemoryBytes } : {}),
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
    });
    return {
        path,
        modelName: prepared.modelName,
        format: parsed.format,
        operations: prepared.operations.length,
        result,
        checkMs: clock.nowNs() / 1e6,
    };
}
//# sourceMappingURL=check-file.js.map