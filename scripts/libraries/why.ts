/**
 * One cell's verdict and the one sentence that explains it, from what its
 * `fencecheck run` left: exit code, the lines it printed, and counts from
 * its run folder (stale writes storage rejected, faults that struck).
 * Pure: the runner reads the files.
 */

/** What a finished run left, as the page needs it. */
export interface RunOutcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** True when the run was stopped by the page's hard timeout. */
  readonly timedOut: boolean;
  /** Writes storage rejected (a stale token, or a cas version that changed); undefined when storage.jsonl is missing. */
  readonly rejectedWrites: number | undefined;
  /** The nemesis ops that began a fault (pause, start-partition, kill, clock changes). */
  readonly faultsStruck: number;
}

/** A cell as the page shows it. */
export interface CellVerdict {
  readonly verdict: "valid" | "INVALID" | "unknown" | "refused" | "error";
  readonly why: string;
}

const VERDICT_LINE = /^(valid|INVALID|unknown)(?:, vacuous)? \(/;

/** The first line under the verdict that explains it (a failing checker's, the unknown reason, or fencing's rejections). */
function explainingLine(lines: readonly string[], verdict: string): string | undefined {
  const details = lines.map((l) => l.trim()).filter((l) => l.length > 0 && !l.startsWith("report:") && !l.startsWith("The lock service kept"));
  if (verdict === "unknown") return details.find((l) => l.startsWith("unknown:")) ?? details[0];
  return details[0];
}

function sentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function faultsPart(outcome: RunOutcome): string {
  return outcome.faultsStruck === 0 ? "no fault struck during the run" : `${outcome.faultsStruck} fault${outcome.faultsStruck === 1 ? "" : "s"} struck`;
}

/** The cell's verdict and its one sentence of why. */
export function explainCell(outcome: RunOutcome): CellVerdict {
  if (outcome.timedOut) return { verdict: "unknown", why: "The run did not finish within the page's time limit, so nothing is claimed." };
  const lines = outcome.stdout.split("\n");
  const at = lines.findIndex((l) => VERDICT_LINE.test(l));
  if (at < 0) {
    const said = outcome.stderr.split("\n").reverse().find((l) => l.startsWith("fencecheck:")) ?? `exit ${outcome.code} without a verdict`;
    return { verdict: outcome.code === 254 ? "refused" : "error", why: sentence(said.replace(/^fencecheck:\s*/, "")) };
  }
  const verdict = (VERDICT_LINE.exec(lines[at] as string) as RegExpExecArray)[1] as CellVerdict["verdict"];
  const line = explainingLine(lines.slice(at + 1), verdict);
  if (line !== undefined && !(verdict === "valid" && !line.startsWith("fencing:"))) {
    return { verdict, why: sentence(`${line} (${faultsPart(outcome)})`) };
  }
  const rejected = outcome.rejectedWrites;
  const storage = rejected === undefined ? "storage kept no record" : rejected === 0 ? "storage rejected no write" : `storage rejected ${rejected} write${rejected === 1 ? "" : "s"} (stale token or changed version)`;
  return { verdict, why: sentence(`every checker passed; ${storage}; ${faultsPart(outcome)}`) };
}
