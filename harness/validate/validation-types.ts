/** The shapes of the validation table (validation-table.ts) and of the cells it expands to. */

/**
 * The verdict a cell must reach. "either" is for a known-broken design under
 * a fault that catches it only sometimes (reference-timer under plain
 * kill-lock): valid and invalid both match, and the page prints how often
 * it was caught beside the aimed fault's rate; no verdict still mismatches.
 */
export type Expectation = "valid" | "invalid" | "either";

/** A row of the matrix: a design, as `fencecheck run` options. */
export interface ValidationDesign {
  readonly name: string;
  /** Its run options; absent for a design whose cells come from a scenario. `{root}` is the package root. */
  readonly argv?: readonly string[];
  /** A design known to break: the page prints how often each of its cells caught it. */
  readonly knownBroken?: boolean;
}

/** A column of the matrix: a fault package and its options. */
export interface ValidationFault {
  readonly name: string;
  /** Its run options; absent for a fault whose cells come from a scenario. */
  readonly argv?: readonly string[];
}

/** A scenario's variant (`fencecheck scenario list`), by scenario name and variant label. */
export interface ScenarioRef {
  readonly name: string;
  readonly variant: string;
}

/** One cell of the table: its own expectation and reason, or a scenario variant's. */
export type ValidationRow = {
  readonly design: string;
  readonly fault: string;
  /** In `--cells ci` on the local runtime. */
  readonly ci?: boolean;
  /** In `--cells ci` on the docker runtime (a smaller covering subset: a docker cell takes about twice as long). */
  readonly dockerCi?: boolean;
} & ({ readonly expect: Expectation; readonly why: string } | { readonly scenario: ScenarioRef });

/** One run to make: a cell on one seed, with its whole `fencecheck run` argv. */
export interface CellRun {
  /** `design × fault`, as printed. */
  readonly cell: string;
  readonly design: string;
  readonly fault: string;
  readonly seed: number;
  readonly expect: Expectation;
  readonly why: string;
  readonly knownBroken: boolean;
  /** The options after `fencecheck run`. */
  readonly argv: readonly string[];
}
