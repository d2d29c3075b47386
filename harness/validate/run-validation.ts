/**
 * Runs the matrix's cells, `jobs` at a time, in table order, and reports
 * each result as it comes. The cell runner is injected: the real one starts
 * `fencecheck run` in its own process (run-cell-process.ts), tests give a
 * fake. A runner that throws gives no verdict, which is a mismatch like a
 * harness error. Once `signal` aborts no new cell starts, and the cells not
 * run are returned as "not run".
 */
import { messageOf } from "../../core/index.js";
import type { CellResult } from "./cell-verdict.js";
import type { CellRun } from "./validation-types.js";

/** What running the matrix needs. */
export interface ValidationDeps {
  runCell(run: CellRun): Promise<CellResult>;
  /** Cells run at once (at least 1). */
  readonly jobs: number;
  readonly signal: AbortSignal;
  /** Called with each result as soon as its run ends. */
  onResult(result: CellResult): void;
}

/** Runs every cell; the results come back in the order of `runs`. */
export async function runValidation(runs: readonly CellRun[], deps: ValidationDeps): Promise<CellResult[]> {
  const results: CellResult[] = runs.map((run) => ({ run, got: "not run", seconds: 0 }));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < runs.length && !deps.signal.aborted) {
      const i = next++;
      const run = runs[i]!;
      let result: CellResult;
      try {
        result = await deps.runCell(run);
      } catch (error) {
        result = { run, got: "harness-error (255)", seconds: 0, detail: `the cell could not be run: ${messageOf(error)}` };
      }
      results[i] = result;
      if (result.got !== "not run") deps.onResult(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.jobs, runs.length)) }, worker));
  return results;
}
