/**
 * The shapes of the validation table (validation-table.ts) and of the cells
 * it expands to. A cell's own shape (`ValidationCell`: expected verdict and
 * why, or a scenario variant; `ci`, `dockerCi`) is the built-in services'
 * records' (workloads/adapters/service-record.ts), where most cells are
 * declared.
 */
import type { ValidationCell, ValidationExpectation } from "../../workloads/index.js";

/** The verdict a cell must reach: valid, invalid, or either (a known-broken design a fault catches only sometimes). */
export type Expectation = ValidationExpectation;

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

/** One cell of the table: its design (row) and fault (column), and its own expectation and reason or a scenario variant's. */
export type ValidationRow = { readonly design: string; readonly fault: string } & ValidationCell;

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
