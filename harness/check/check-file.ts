/**
 * Checks one history file: read, choose the model, convert, search (in
 * parallel when worth it) and time the search. An empty file records
 * nothing: it is unknown ("no operations"), no evidence either way. A history
 * whose ops were all left out (failed, or the nemesis's) is linearizable,
 * as Knossos and porcupine judge it.
 */
import {
  prepareCheck,
  type HistoryFormat,
  type LinearizabilityResult,
  type ModelChoice,
} from "../../checkers/index.js";
import { createSystemClock } from "../../core/index.js";
import { checkParallel } from "./parallel-check.js";
import { readHistoryFile } from "./read-history.js";

/** Options of a file check. */
export interface FileCheckOptions {
  readonly model?: ModelChoice;
  readonly format?: HistoryFormat;
  readonly timeoutMs?: number;
  readonly maxMemoryBytes?: number;
  readonly workers?: number;
}

/** A checked file. */
export interface FileCheck {
  readonly path: string;
  readonly modelName: string;
  readonly format: string;
  readonly operations: number;
  readonly result: LinearizabilityResult;
  /** Time of the search alone (parsing excluded), in milliseconds. */
  readonly checkMs: number;
  /** What the reader left out, one sentence each (a cut-short last line). */
  readonly warnings: readonly string[];
}

/** Checks `path`; throws input.invalid when the file cannot be read. */
export async function checkFile(path: string, options: FileCheckOptions = {}): Promise<FileCheck> {
  const parsed = readHistoryFile(path, options.format);
  const prepared = prepareCheck(parsed.ops, path, parsed.format, options.model);
  const warnings = parsed.cutShortLine === undefined ? [] : [`"${path}" line ${parsed.cutShortLine} is cut short (no newline, not a whole op): left out`];
  const clock = createSystemClock();
  const result: LinearizabilityResult =
    parsed.format === "empty"
      ? { result: "unknown", reason: "no operations" }
      : await checkParallel(prepared, {
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
          ...(options.maxMemoryBytes !== undefined ? { maxMemoryBytes: options.maxMemoryBytes } : {}),
          ...(options.workers !== undefined ? { workers: options.workers } : {}),
        });
  return {
    warnings,
    path,
    modelName: prepared.modelName,
    format: parsed.format,
    operations: prepared.operations.length,
    result,
    checkMs: clock.nowNs() / 1e6,
  };
}
