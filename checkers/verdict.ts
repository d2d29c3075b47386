/**
 * The run's verdict from its checkers' results. This is the one rule every
 * verdict comes from: `compose` applies it, so a run, `fencecheck analyze`,
 * scenarios, the report and JUnit all read the same answer.
 *
 * 1. Invalid if any checker is invalid.
 * 2. Otherwise unknown if any checker is unknown (it tried and could not
 *    decide: records missing or cut short, a limit, a bound it could not prove).
 * 3. Otherwise valid, provided the question "did storage keep a stale
 *    holder's write?" was judged: when some checkers ask it
 *    (`staleWritesJudged` present), at least one must have settled it
 *    (fencing with tokens or with conditional writes storage enforced;
 *    real-time with a fixed TTL and no write left undecided). If none could,
 *    the run is unknown, and `reason` names what each lacked.
 *
 * A checker whose question does not arise ("n/a") never counts either way.
 * A workload whose checkers do not ask the question (lock-mutex writes
 * nothing) is judged by 1 and 2 alone.
 */
import { mergeValidity, type CheckResult, type Validity } from "../core/index.js";

/** A run's verdict, with one line saying why when it is unknown. */
export interface RunVerdict {
  readonly valid: Validity;
  /** Why the verdict is unknown: the first unknown checker's reason, or what kept the stale-write question open. */
  readonly reason?: string;
}

/** The verdict of a run whose checkers gave `results` (in order). Pure. */
export function runVerdict(results: Readonly<Record<string, CheckResult>>): RunVerdict {
  const entries = Object.entries(results);
  const merged = mergeValidity(entries.map(([, r]) => r.valid));
  if (merged === false) return { valid: false };
  if (merged === "unknown") {
    const [name, first] = entries.find(([, r]) => r.valid === "unknown") as [string, CheckResult];
    return { valid: "unknown", reason: `${name}: ${why(name, first, "could not decide")}` };
  }
  const asking = entries.filter(([, r]) => typeof r.staleWritesJudged === "boolean");
  if (asking.length === 0 || asking.some(([, r]) => r.staleWritesJudged === true)) return { valid: true };
  const lacks = asking.map(([name, r]) => `${name}: ${why(name, r, "could not judge it")}`);
  return { valid: "unknown", reason: `nothing could tell a stale write (${lacks.join("; ")})` };
}

/** The result's own words: its reason, else its summary (less a leading "name: "), else its error. */
function why(name: string, result: CheckResult, fallback: string): string {
  for (const key of ["reason", "summary", "error"]) {
    const text = result[key];
    if (typeof text === "string" && text !== "") return text.startsWith(`${name}: `) ? text.slice(name.length + 2) : text;
  }
  return fallback;
}
