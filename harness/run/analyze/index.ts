/**
 * Jepsen's analyze: check a recorded run and write results.json, report.html
 * and JUnit XML into its folder (check-and-report.ts), at the end of a run or
 * from a stored run's files alone (`fencecheck analyze`: analyze-run.ts); the
 * check's memory bound (check-memory-bound.ts); storage records that did not
 * arrive whole (incomplete-storage.ts); and the check loaded only once a run
 * needs it (lazy-check-and-report.ts). Importing this index loads the
 * checkers and the report's charts.
 */
export { analyzeRun, type AnalyzeOptions } from "./analyze-run.js";
export { checkAndReport, type CheckedRun, type RecordedRun } from "./check-and-report.js";
