/** The one-line summary a run or an analysis prints, and its exit code. */
import { exitCodeFor, exitCodeForValidity, hazardsLine, terminalText, vacuousReason, type CheckValidity, type HazardCounts, type HazardName, type Validity } from "../../core/index.js";
import type { HarnessError } from "../../core/index.js";
import type { CliIo, ExitCode } from "./io.js";

/** What a summary needs. */
export interface PrintableOutcome {
  readonly valid: Validity;
  /** Why the verdict is unknown, when the checkers said. */
  readonly reason?: string;
  readonly results: Readonly<Record<string, unknown>>;
  readonly reportPath?: string;
  readonly dir: string;
  readonly error?: HarnessError;
  readonly aborted?: boolean;
  /** Set when JUnit XML was written. */
  readonly junitPath?: string;
  /** False for a run that failed before its workload: it has an error and no verdict. */
  readonly reachedWorkload?: boolean;
  /** The hazards the run went through, when they were counted. */
  readonly hazards?: HazardCounts;
  /** Valid, and none of the hazards its faults aim at happened. */
  readonly vacuous?: boolean;
  /** The hazards its faults aim at (named in the vacuous line). */
  readonly aims?: readonly HazardName[];
}

/**
 * Prints the verdict per checker (a checker whose question does not arise
 * shows "n/a"), why an unknown verdict is unknown, each checker's headline,
 * then the report path, on stdout; the
 * error, if any, once on stderr. A run that never reached its workload
 * prints only its error: there is nothing to give a verdict on. What came
 * from the history (resource names, services' error messages) is printed
 * through `terminalText`: one line each, no control character.
 */
export function printOutcome(io: CliIo, outcome: PrintableOutcome): void {
  if (outcome.reachedWorkload === false && outcome.error) {
    io.err(`fencecheck: ${terminalText(outcome.error.message, "keep")}\n`);
    return;
  }
  const word = outcome.valid === true ? (outcome.vacuous === true ? "valid, vacuous" : "valid") : outcome.valid === false ? "INVALID" : "unknown";
  const parts = Object.entries(outcome.results).map(([name, r]) => `${name}: ${verdictWord((r as { valid?: CheckValidity }).valid)}`);
  const hazards = outcome.hazards === undefined ? "" : `; hazards: ${hazardsLine(outcome.hazards)}`;
  io.out(`${word} (${parts.join(", ")}${hazards})${outcome.aborted ? " [interrupted]" : ""}\n`);
  if (outcome.vacuous === true) io.out(`  vacuous: ${vacuousReason(outcome.aims ?? [], outcome.hazards ?? {})}\n`);
  if (outcome.valid === "unknown" && outcome.reason) io.out(`  unknown: ${terminalText(outcome.reason)}\n`);
  for (const line of headlines(outcome.results)) io.out(`  ${terminalText(line)}\n`);
  if (outcome.error) io.err(`fencecheck: ${terminalText(outcome.error.message, "keep")}\n`);
  io.out(`report: ${outcome.reportPath ?? outcome.dir}\n`);
  if (outcome.junitPath) io.out(`junit: ${outcome.junitPath}\n`);
}

/** What `--fail-vacuous` asks: a vacuous run exits 2, as an unknown one does (it proved nothing). */
export interface ExitPolicy {
  readonly failVacuous?: boolean;
}

/** The exit code: an error mid-run wins unless a violation was found anyway. */
export function outcomeExitCode(outcome: PrintableOutcome, policy: ExitPolicy = {}): ExitCode {
  if (outcome.valid === false) return 1;
  if (outcome.error) return exitCodeFor(outcome.error.code) as ExitCode;
  if (outcome.aborted) return 2;
  if (policy.failVacuous === true && outcome.vacuous === true) return 2;
  return exitCodeForValidity(outcome.valid);
}

function verdictWord(v: CheckValidity | undefined): string {
  return v === true ? "ok" : v === false ? "FAIL" : v === "n/a" ? "n/a" : "unknown";
}

function headlines(results: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const r of Object.values(results)) {
    const summary = (r as { summary?: unknown }).summary;
    if (typeof summary === "string" && summary) out.push(summary);
  }
  return out;
}
