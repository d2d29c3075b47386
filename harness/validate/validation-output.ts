/**
 * What `fencecheck validate` shows: the line per run, the matrix page's
 * model (rows designs, columns faults, each cell linking to its run's
 * report, the columns grouped by what the faults break), its notes (totals
 * and the known-broken designs' catch rates) and the JUnit cases. Pure:
 * results in, text and models out; paths in links are made relative to the
 * page by the caller's `href`, and the package root in a design's options
 * is written as the caller's `root`.
 */
import type { Validity } from "../../core/index.js";
import type { JunitCase, MatrixCell, MatrixModel } from "../../reports/index.js";
import { catchRates, matches, type CellGot, type CellResult } from "./cell-verdict.js";
import { groupFaults } from "./fault-groups.js";
import { DESIGNS, FAULTS } from "./validation-table.js";

/** One line per run: mark, cell, seed, expected, got, seconds, report; `again`, the seed tried next after a missed catch. */
export function cellLine(r: CellResult, again?: number): string {
  const mark = matches(r) ? "ok  " : again !== undefined ? "try " : "MISS";
  const detail = r.detail ? ` (${r.detail})` : again !== undefined ? ` (not caught: trying seed ${again})` : "";
  const got = `${r.got}${r.vacuous === true ? ", vacuous" : ""}${r.hazards !== undefined ? ` [hazards: ${r.hazards}]` : ""}`;
  return `${mark} ${r.run.cell} seed ${r.run.seed}: expected ${r.run.expect}, got ${got}${detail}, ${r.seconds.toFixed(1)} s, ${r.reportPath ?? "no report"}`;
}

/** The totals, the mismatches by cell and each known-broken cell's catch rate. */
export function summaryLines(results: readonly CellResult[]): string[] {
  const ran = results.filter((r) => r.got !== "not run");
  const missed = ran.filter((r) => !matches(r));
  const lines = [`${ran.length - missed.length} of ${ran.length} runs gave their declared verdict${ran.length < results.length ? ` (${results.length - ran.length} not run)` : ""}`];
  if (missed.length > 0) lines.push(`mismatched: ${missed.map((r) => `${r.run.cell} seed ${r.run.seed} (${r.got})`).join(", ")}`);
  for (const c of catchRates(results)) lines.push(`known broken ${c.cell}: caught on ${c.caught} of ${c.runs} seeds`);
  const vacuous = ran.filter((r) => r.vacuous === true);
  if (vacuous.length > 0) lines.push(`vacuous (valid, but their faults never brought about what they aim at): ${vacuous.map((r) => `${r.run.cell} seed ${r.run.seed}`).join(", ")}`);
  return lines;
}

function validity(got: CellGot): Validity | undefined {
  return got === "valid" ? true : got === "invalid" ? false : got === "unknown" ? "unknown" : undefined;
}

/** One cell of the page from its runs (one per seed): the first mismatch shows, or else the first run. */
function pageCell(runs: readonly CellResult[], href: (path: string) => string): MatrixCell {
  const shown = runs.find((r) => !matches(r)) ?? runs[0]!;
  const missed = runs.filter((r) => !matches(r)).length;
  const vacuous = runs.filter((r) => r.vacuous === true).length;
  const hazards = shown.hazards === undefined ? undefined : `hazards: ${shown.hazards}`;
  const seeds = runs.length > 1 ? `${runs.length - missed} of ${runs.length} seeds as declared${vacuous > 0 ? `, ${vacuous} vacuous` : ""}` : undefined;
  const summary = [seeds, hazards].filter((part) => part !== undefined).join("; ") || undefined;
  const verdict = shown.got === "valid" || shown.got === "invalid" || shown.got === "unknown";
  return {
    design: shown.run.design, fault: shown.run.fault, valid: validity(shown.got),
    // An "either" cell expects no one verdict: neither is marked unexpected.
    ...(shown.run.expect === "either" ? {} : { expected: shown.run.expect === "valid" }),
    href: shown.reportPath ? href(shown.reportPath) : undefined, why: shown.run.why,
    ...(summary ? { summary } : {}), ...(verdict ? (shown.vacuous === true ? { label: `${shown.got}, vacuous` } : {}) : { label: shown.got }), ...(shown.detail ? { error: shown.detail } : {}),
    ...(runs.length > 1 ? { links: runs.filter((r) => r.reportPath).map((r) => ({ text: `seed ${r.run.seed}: ${r.got}`, href: href(r.reportPath!) })) } : {}),
  };
}

/** How the page names things: `root` stands for the package root (`{root}`) in a design's options, a path its reader can paste. */
export interface ValidationPageOptions {
  readonly command: string;
  readonly stamp: string;
  readonly root: string;
  href(path: string): string;
}

/** The matrix page's model. */
export function validationPage(results: readonly CellResult[], opts: ValidationPageOptions): MatrixModel {
  const ran = results.filter((r) => r.got !== "not run");
  const byCell = new Map<string, CellResult[]>();
  for (const r of ran) byCell.set(r.run.cell, [...(byCell.get(r.run.cell) ?? []), r]);
  const used = (name: string, key: "design" | "fault"): boolean => ran.some((r) => r.run[key] === name);
  const options = (argv: readonly string[] | undefined): string => (argv ?? ["(from its scenario)"]).map((a) => a.replaceAll("{root}", opts.root)).join(" ");
  const faults = FAULTS.filter((f) => used(f.name, "fault")).map((f) => f.name);
  return {
    title: `fencecheck validate: the validation matrix, ${opts.stamp}`,
    designs: DESIGNS.filter((d) => used(d.name, "design")).map((d) => ({ name: d.name, description: `${d.knownBroken ? "known broken; " : ""}${options(d.argv)}` })),
    faults,
    groups: groupFaults(faults),
    cells: [...byCell.values()].map((runs) => pageCell(runs, opts.href)),
    command: opts.command,
    notes: summaryLines(results),
    absent: "-",
  };
}

/** One JUnit case per run; a run whose outcome is not its cell's declared verdict fails. */
export function validationCases(results: readonly CellResult[]): JunitCase[] {
  return results.filter((r) => r.got !== "not run").map((r) => ({
    classname: `fencecheck.validate.${r.run.design}`,
    name: `${r.run.cell} seed ${r.run.seed}`,
    timeSeconds: r.seconds,
    ...(matches(r)
      ? { output: `${r.got} as declared: ${r.run.why}; report ${r.reportPath ?? "none"}` }
      : { failure: { message: `expected ${r.run.expect}, got ${r.got}`, text: [`expected ${r.run.expect}: ${r.run.why}`, `got ${r.got}${r.detail ? `: ${r.detail}` : ""}`, `report: ${r.reportPath ?? "none"}`, `fencecheck run ${r.run.argv.join(" ")}`].join("\n") } }),
  }));
}
