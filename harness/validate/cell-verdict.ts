/**
 * What a cell's run said, read from how its `fencecheck run` process ended,
 * and whether that is what the table declares. Only exit 0 (valid) and
 * exit 1 (invalid) are verdicts; unknown (2), bad input (254), a harness
 * error (255), a process past its hard timeout, or one ended by a signal
 * are outcomes no cell declares, so each of them is a mismatch. An exit
 * code is a verdict only when the run printed the same verdict: Node exits
 * 1 on an uncaught exception too, and that crash must never read as INVALID.
 */
import type { CellRun, Expectation } from "./validation-types.js";

/** What one run gave. */
export type CellGot = "valid" | "invalid" | "unknown" | "bad-input (254)" | "harness-error (255)" | "timeout" | "killed" | "crashed" | "not run";

/** How a cell's process ended. */
export interface ProcessEnd {
  readonly code: number | null;
  readonly signal: string | null;
  /** True when the hard timeout ended it. */
  readonly timedOut: boolean;
  /** What it printed on stdout (the verdict line starts it: `valid (`, `INVALID (`, `unknown (`). */
  readonly stdout: string;
}

/** One run's result. */
export interface CellResult {
  readonly run: CellRun;
  readonly got: CellGot;
  readonly seconds: number;
  /** The run's report, or its log when it left no report. */
  readonly reportPath?: string;
  /** The process's last lines of stderr, when it gave no verdict. */
  readonly detail?: string;
  /** The earlier runs of this seed's slot that missed a known-broken design's catch (`--tries`), first first. */
  readonly missedTries?: readonly CellResult[];
  /** The hazards its verdict line named ("paused-past-lease x2", or "none"), and whether it said vacuous. */
  readonly hazards?: string;
  readonly vacuous?: boolean;
}

/** The outcome of a process that ended as `end`. */
export function cellGot(end: ProcessEnd): CellGot {
  if (end.timedOut) return "timeout";
  const printed = /^(valid|INVALID|unknown)(?:, vacuous)? \(/m.exec(end.stdout)?.[1];
  switch (end.code) {
    case 0: return printed === "valid" ? "valid" : "crashed";
    case 1: return printed === "INVALID" ? "invalid" : "crashed";
    case 2: return "unknown";
    case 254: return "bad-input (254)";
    case 255: return "harness-error (255)";
    case null: return "killed";
    default: return "crashed";
  }
}

/** The hazards and vacuity a run's verdict line states (docs/hazards.md); nothing when it states none. */
export function cellHazards(stdout: string): Pick<CellResult, "hazards" | "vacuous"> {
  const line = /^(?:valid|INVALID|unknown)(, vacuous)? \(.*; hazards: ([^)]*)\)/m.exec(stdout);
  if (line === null) return {};
  return { hazards: line[2] as string, vacuous: line[1] !== undefined };
}

/** True when the run gave the verdict its cell declares. */
export function matches(result: Pick<CellResult, "run" | "got">): boolean {
  if (result.run.expect === "either") return result.got === "valid" || result.got === "invalid";
  return result.got === result.run.expect;
}

/**
 * The exit code of `fencecheck validate`: 1 when any run gave another
 * outcome than its cell declares, else 2 when some runs were not made
 * (interrupted), else 0.
 */
export function validateExitCode(results: readonly CellResult[], planned: number): 0 | 1 | 2 {
  if (results.some((r) => r.got !== "not run" && !matches(r))) return 1;
  return results.filter((r) => r.got !== "not run").length < planned ? 2 : 0;
}

/**
 * True when a run earns another try on a later seed: a known-broken design
 * whose catch was missed (valid: no violation found in this run's time).
 * Finding nothing is not a false verdict, and a catch depends on timing (a
 * grant must fall near a fault, a client must ask for the same resource
 * after it). Nothing else is tried again: a valid design's INVALID is a
 * false verdict, and unknown, 254 or 255 are the harness's own failures.
 */
export function wantsAnotherTry(result: Pick<CellResult, "run" | "got">): boolean {
  return result.run.knownBroken && result.run.expect === "invalid" && result.got === "valid";
}

/** How often each known-broken cell was caught: its runs (missed tries included) that gave the invalid verdict. */
export function catchRates(results: readonly CellResult[]): { cell: string; caught: number; runs: number }[] {
  const byCell = new Map<string, { caught: number; runs: number }>();
  for (const r of results.flatMap((s) => [...(s.missedTries ?? []), s])) {
    if (!r.run.knownBroken || r.got === "not run") continue;
    const c = byCell.get(r.run.cell) ?? { caught: 0, runs: 0 };
    byCell.set(r.run.cell, { caught: c.caught + (r.got === "invalid" ? 1 : 0), runs: c.runs + 1 });
  }
  return [...byCell].map(([cell, c]) => ({ cell, ...c }));
}
