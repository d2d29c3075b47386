/**
 * Runs the matrix's cells, `jobs` at a time, in table order, and reports
 * each result as it comes. The cell runner is injected: the real one starts
 * `fencecheck run` in its own process (run-cell-process.ts), tests give a
 * fake. A runner that throws gives no verdict, which is a mismatch like a
 * harness error. Once `signal` aborts no new cell starts, and the cells not
 * run are returned as "not run". A run that misses a known-broken design's
 * catch (`wantsAnotherTry`) is run again as `anotherTry` makes it (a later
 * seed), until caught or `anotherTry` gives none; the slot's result is its
 * last try, carrying the tries it missed.
 */
import { messageOf } from "../../core/index.js";
import { wantsAnotherTry, type CellResult } from "./cell-verdict.js";
import type { CellRun } from "./validation-types.js";

/** What running the matrix needs. */
export interface ValidationDeps {
  runCell(run: CellRun): Promise<CellResult>;
  /** Cells run at once (at least 1). */
  readonly jobs: number;
  readonly signal: AbortSignal;
  /** Called with each result as soon as its run ends; `again` is the try that follows a missed catch. */
  onResult(result: CellResult, again?: CellRun): void;
  /** The run to make after `missed` earlier tries of `run`'s slot missed their catch, or undefined for none. */
  anotherTry?(run: CellRun, missed: number): CellRun | undefined;
}

/** Runs every cell; the results come back in the order of `runs`. */
export async function runValidation(runs: readonly CellRun[], deps: ValidationDeps): Promise<CellResult[]> {
  const results: CellResult[] = runs.map((run) => ({ run, got: "not run", seconds: 0 }));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < runs.length && !deps.signal.aborted) {
      const i = next++;
      const missed: CellResult[] = [];
      let run: CellRun | undefined = runs[i]!;
      while (run !== undefined) {
        const result = await runOne(run, deps);
        results[i] = missed.length > 0 ? { ...result, missedTries: [...missed] } : result;
        const again = wantsAnotherTry(result) && !deps.signal.aborted ? deps.anotherTry?.(runs[i]!, missed.length + 1) : undefined;
        if (result.got !== "not run") deps.onResult(result, again);
        missed.push(result);
        run = again;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.jobs, runs.length)) }, worker));
  return results;
}

async function runOne(run: CellRun, deps: ValidationDeps): Promise<CellResult> {
  try {
    return await deps.runCell(run);
  } catch (error) {
    return { run, got: "harness-error (255)", seconds: 0, detail: `the cell could not be run: ${messageOf(error)}` };
  }
}
