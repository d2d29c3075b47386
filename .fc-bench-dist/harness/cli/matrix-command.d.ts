import { Command } from "commander";
import { type Validity } from "../core/index.js";
import { type MatrixCell } from "../../reports/index.js";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
import { type MatrixSpec } from "./matrix-spec.js";
/** What one cell's run produced. */
export interface CellOutcome {
    readonly valid: Validity | undefined;
    readonly reportPath?: string;
    readonly error?: string;
}
/** How cells are run (injected so the orchestration is tested without real runs). */
export interface MatrixDeps {
    runCell(argv: readonly string[]): Promise<CellOutcome>;
    readonly signal: AbortSignal;
    log(line: string): void;
}
/** A cell with the absolute path of its report. */
export type RanCell = Omit<MatrixCell, "href"> & {
    readonly reportPath: string | undefined;
};
/** Runs every cell in order (designs, then faults); stops early when `signal` aborts. */
export declare function runMatrix(spec: MatrixSpec, deps: MatrixDeps): Promise<RanCell[]>;
/** The matrix's exit code (see the file comment). */
export declare function matrixExitCode(cells: readonly RanCell[], total: number): ExitCode;
/** Builds the `matrix` command. */
export declare function matrixCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
