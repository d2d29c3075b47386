/**
 * The memory bound of a run's check (`--max-memory`, default 2048 MiB):
 * the history is read only while the process's resident memory stays under
 * it (and its heap under 90% of V8's limit), and a history too large for it
 * gives an unknown verdict with one line saying so, never a crash.
 */
import { join } from "node:path";
import { HarnessError } from "../../../core/index.js";
import { DEFAULT_MAX_MEMORY_BYTES, pastMemoryBound } from "../../check/memory-bound.js";
import { removeRunFile, RUN_FILES, writeWhole, type HistoryPastMemoryBound } from "../../store/index.js";
import type { CheckedRun } from "./check-and-report.js";

export { DEFAULT_MAX_MEMORY_BYTES };

/**
 * The share of the bound the history may take while it is read: the
 * checkers then take about as much again, and a checker cannot be stopped
 * while it runs. Ops are read into columns (`CompactHistory`, core): 1M
 * synthetic ops read in 191 MB of RSS (57 MB of columns), and the checkers
 * peaked at 444 MB. (When every op was an object, a third was the share:
 * 1M ops read in under 300 MB, the fencing checker alone then peaked at
 * 728 MB, and 10M ops read under 2 GiB went past 4.5 GB in the checkers.)
 */
const READ_SHARE = 1 / 2;

/** The `pastBound` of `readHistoryLines` for a bound of `maxBytes`: half of it (`READ_SHARE`). */
export function memoryBound(maxBytes: number = DEFAULT_MAX_MEMORY_BYTES): () => boolean {
  return () => pastMemoryBound(maxBytes * READ_SHARE);
}

/** The `stopReason` of `checkAndReport` for a bound of `maxBytes`: checkers left once it is passed give unknown. */
export function memoryStopReason(maxBytes: number = DEFAULT_MAX_MEMORY_BYTES): () => string | undefined {
  return () => (pastMemoryBound(maxBytes) ? `the check passed its memory bound (--max-memory ${Math.round(maxBytes / 2 ** 20)} MiB)` : undefined);
}

/**
 * The outcome of a check the bound stopped: unknown, no checker ran, and
 * results.json says why (the report is not written: it would need the
 * history, and a report.html of an earlier check is removed: it would
 * contradict results.json). A file that cannot be written or removed is
 * returned as `writeFailure`.
 */
export function pastMemoryOutcome(dir: string, error: HistoryPastMemoryBound, maxBytes: number = DEFAULT_MAX_MEMORY_BYTES): CheckedRun {
  const reason = `the check passed its memory bound (--max-memory ${Math.round(maxBytes / 2 ** 20)} MiB) after reading ${error.ops} ops of ${RUN_FILES.history}: no checker ran`;
  const checked = { valid: "unknown" as const, reason, results: { check: { valid: "unknown" as const, reason } } };
  try {
    writeWhole(join(dir, RUN_FILES.results), JSON.stringify(checked, null, 2) + "\n");
    removeRunFile(join(dir, RUN_FILES.report));
    return checked;
  } catch (failure) {
    if (!(failure instanceof HarnessError)) throw failure;
    return { ...checked, writeFailure: failure };
  }
}

