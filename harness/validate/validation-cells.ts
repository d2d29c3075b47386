/**
 * Expands the validation table into runs: which cells `--cells` selects,
 * and each cell's whole `fencecheck run` argv on each seed. Pure: the
 * package root, the store and the runtime come in as options.
 */
import { HarnessError } from "../../core/index.js";
import { findScenario, SCENARIO_DEFAULTS } from "../scenario/index.js";
import { DESIGNS, FAULTS, VALIDATION_TABLE } from "./validation-table.js";
import type { CellRun, Expectation, ValidationRow } from "./validation-types.js";

/** What `--cells` names: every cell, the CI subset (of the runtime), or a list of cells, designs or faults. */
export type CellChoice = "all" | "ci" | readonly string[];

/** How the runs are made. */
export interface CellRunOptions {
  readonly cells: CellChoice;
  /** Seeds 1..seeds: every cell runs once per seed. */
  readonly seeds: number;
  readonly timeLimitSeconds: number;
  readonly runtime: "local" | "docker";
  /** Where each run is stored (`--store`). */
  readonly store: string;
  /** The package root, for designs whose adapter ships with fencecheck (`{root}`). */
  readonly root: string;
}

/** A cell's printed name: `design/fault`. */
export function cellName(row: Pick<ValidationRow, "design" | "fault">): string {
  return `${row.design}/${row.fault}`;
}

/** Parses `--cells`: `all`, `ci`, or names separated by commas outside parentheses. */
export function parseCellChoice(text: string): CellChoice {
  if (text === "all" || text === "ci") return text;
  const names = text.split(/,(?![^()]*\))/).map((s) => s.trim()).filter((s) => s !== "");
  if (names.length === 0) throw new HarnessError("config.invalid", `Cannot validate: --cells "${text}" names no cell (all, ci, or cells, designs or faults)`);
  return names;
}

/** The table's rows `choice` selects, in table order; names that match nothing are refused. */
export function selectRows(choice: CellChoice, runtime: "local" | "docker" = "local", table: readonly ValidationRow[] = VALIDATION_TABLE): ValidationRow[] {
  if (choice === "all") return [...table];
  if (choice === "ci") return table.filter((r) => (runtime === "docker" ? r.dockerCi : r.ci) === true);
  const matches = (r: ValidationRow, name: string): boolean => name === r.design || name === r.fault || name === cellName(r);
  const unknown = choice.find((name) => !table.some((r) => matches(r, name)));
  if (unknown !== undefined) throw new HarnessError("config.invalid", `Cannot validate: --cells "${unknown}" is no cell, design or fault of the table (see fencecheck validate --list)`);
  return table.filter((r) => choice.some((name) => matches(r, name)));
}

/** A row's expectation and reason, and the argv of its design and fault (or of its scenario variant). */
export function resolveRow(row: ValidationRow, root: string): { expect: Expectation; why: string; argv: string[] } {
  if ("scenario" in row) {
    const variant = findScenario(row.scenario.name)?.variants.find((v) => v.label === row.scenario.variant);
    if (variant === undefined) throw new HarnessError("config.invalid", `Cannot validate ${cellName(row)}: no scenario variant "${row.scenario.name}" / "${row.scenario.variant}"`);
    if (variant.expect === "unavailable") throw new HarnessError("config.invalid", `Cannot validate ${cellName(row)}: its scenario variant expects unavailable, not a verdict`);
    return { expect: variant.expect, why: variant.why, argv: [...SCENARIO_DEFAULTS, ...variant.argv] };
  }
  const design = DESIGNS.find((d) => d.name === row.design);
  const fault = FAULTS.find((f) => f.name === row.fault);
  if (design?.argv === undefined || fault?.argv === undefined) throw new HarnessError("config.invalid", `Cannot validate ${cellName(row)}: its design or fault has no run options`);
  return { expect: row.expect, why: row.why, argv: [...design.argv, ...fault.argv].map((a) => a.replaceAll("{root}", root)) };
}

/** Every run to make, cell by cell, each on seeds 1..seeds. */
export function cellRuns(options: CellRunOptions): CellRun[] {
  return selectRows(options.cells, options.runtime).flatMap((row) => {
    const { expect, why, argv } = resolveRow(row, options.root);
    const knownBroken = DESIGNS.find((d) => d.name === row.design)?.knownBroken === true;
    const seconds = Math.max(options.timeLimitSeconds, 3 * intervalSeconds(argv));
    return Array.from({ length: options.seeds }, (_, i) => ({
      cell: cellName(row), design: row.design, fault: row.fault, seed: i + 1, expect, why, knownBroken,
      // Later flags win: the matrix's time limit, seed, runtime and store hold for every cell.
      argv: [...argv, "--time-limit", String(seconds), "--seed", String(i + 1), "--runtime", options.runtime,
        "--store", options.store, "--name", `validate-${slug(row.design)}-${slug(row.fault)}`],
    }));
  });
}

/**
 * The cell's own `--nemesis-interval`, s (0 when it keeps the default). A
 * cell runs at least three of its intervals, so that its first fault (one
 * interval in) and the recovery after it fall inside the run: at 10 s, the
 * power-loss scenario's 5 s interval had reference-nosync's lock node back
 * only at 10.2 to 12.5 s on the docker runtime, after the last grant (not
 * caught on 3 seeds, twice).
 */
function intervalSeconds(argv: readonly string[]): number {
  const at = argv.lastIndexOf("--nemesis-interval");
  const seconds = at < 0 ? 0 : Number(argv[at + 1]);
  return Number.isFinite(seconds) ? seconds : 0;
}

/** The same cell on another seed (a later flag wins, so `--seed` is replaced where it stands). */
export function onSeed(run: CellRun, seed: number): CellRun {
  const at = run.argv.lastIndexOf("--seed");
  const argv = at < 0 ? [...run.argv, "--seed", String(seed)] : run.argv.map((a, i) => (i === at + 1 ? String(seed) : a));
  return { ...run, seed, argv };
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
