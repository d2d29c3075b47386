/**
 * `fencecheck matrix FILE [--store DIR]`: runs every design x fault of a
 * matrix file (see matrix-spec.ts) one after the other, each as an ordinary
 * stored run, then writes `<store>/matrix-<time>/index.html`: rows are
 * designs, columns are faults, each cell the verdict linking to its report.
 * Exit code: 0 when every cell has its expected verdict (valid where none
 * is given), 1 when some cell does not, 2 when interrupted, 255 when a cell
 * could not run at all.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Command } from "commander";
import { createSystemClock, HarnessError, messageOf, type Validity } from "../../core/index.js";
import { runTest } from "../run/index.js";
import { renderMatrixHtml, type MatrixCell } from "../../reports/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { cellArgv, expectedVerdict, parseMatrixSpec, type MatrixSpec } from "./matrix-spec.js";
import { buildRun, parseRunArgv } from "./build-run.js";

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
export type RanCell = Omit<MatrixCell, "href"> & { readonly reportPath: string | undefined };

/** Runs every cell in order (designs, then faults); stops early when `signal` aborts. */
export async function runMatrix(spec: MatrixSpec, deps: MatrixDeps): Promise<RanCell[]> {
  const cells: RanCell[] = [];
  for (const design of spec.designs) {
    for (const fault of spec.faults) {
      if (deps.signal.aborted) return cells;
      deps.log(`matrix: ${design.name} under ${fault}`);
      const expected = expectedVerdict(design, fault);
      let outcome: CellOutcome;
      try {
        outcome = await deps.runCell(cellArgv(spec, design, fault));
      } catch (error) {
        outcome = { valid: undefined, error: messageOf(error) };
      }
      cells.push({
        design: design.name, fault, valid: outcome.valid, reportPath: outcome.reportPath,
        ...(expected !== undefined ? { expected } : {}), ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      });
    }
  }
  return cells;
}

/** The matrix's exit code (see the file comment). */
export function matrixExitCode(cells: readonly RanCell[], total: number): ExitCode {
  if (cells.some((c) => c.valid !== undefined && c.valid !== (c.expected ?? true))) return 1;
  if (cells.some((c) => c.valid === undefined)) return 255;
  if (cells.length < total) return 2;
  return cells.some((c) => c.valid === "unknown") ? 2 : 0;
}

function verdictWord(v: Validity | undefined): string {
  return v === undefined ? "did not run" : v === true ? "valid" : v === false ? "INVALID" : "unknown";
}

function describeDesign(options: Readonly<Record<string, unknown>>): string {
  return Object.entries(options).map(([k, v]) => `${k} ${String(v)}`).join(", ");
}

async function runCellForReal(ctx: CliContext, argv: readonly string[]): Promise<CellOutcome> {
  const seed = createSystemClock().wallMs() % 1_000_000;
  const log = (line: string): void => ctx.io.err(`  ${line}\n`);
  const { run, runtime } = await buildRun(parseRunArgv(argv), { cwd: ctx.cwd, defaultSeed: seed, argv: ["run", ...argv], log });
  const outcome = await runTest(run, { runtime, signal: ctx.signal, whileChecking: ctx.endOnInterrupt, log });
  return { valid: outcome.valid, reportPath: join(outcome.dir, "report.html"), ...(outcome.error ? { error: outcome.error.message } : {}) };
}

/** Builds the `matrix` command. */
export function matrixCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("matrix")
    .description("Run designs x faults from a JSON file and write one comparison page linking every report")
    .argument("<file>", "the matrix file (see examples/matrix.json)")
    .option("--store <dir>", "where runs and the matrix page are stored", "store")
    .action(async (file: string, opts: { store: string }) => {
      const path = resolve(ctx.cwd, file);
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch (error) {
        throw new HarnessError("config.invalid", `Cannot read matrix "${path}": ${messageOf(error)}`);
      }
      const spec = parseMatrixSpec(text, path);
      const store = resolve(ctx.cwd, opts.store);
      const withStore: MatrixSpec = { ...spec, defaults: { ...spec.defaults, store } };
      const cells = await runMatrix(withStore, { runCell: (argv) => runCellForReal(ctx, argv), signal: ctx.signal, log: (l) => ctx.io.err(`${l}\n`) });
      const stamp = new Date(createSystemClock().wallMs()).toISOString().replace(/[:]/g, "").replace(/\.\d+Z$/, "Z");
      const dir = join(store, `matrix-${stamp}`);
      mkdirSync(dir, { recursive: true });
      const page = renderMatrixHtml({
        title: `fencecheck matrix: ${spec.name}`, faults: spec.faults, command: `fencecheck matrix ${file}${opts.store === "store" ? "" : ` --store ${opts.store}`}`,
        designs: spec.designs.map((d) => ({ name: d.name, description: describeDesign(d.options) })),
        cells: cells.map(({ reportPath, ...c }) => ({ ...c, href: reportPath ? relative(dir, reportPath) : undefined })),
      });
      writeFileSync(join(dir, "index.html"), page);
      const code = matrixExitCode(cells, spec.designs.length * spec.faults.length);
      for (const c of cells) ctx.io.out(`${c.design} | ${c.fault}: ${verdictWord(c.valid)}${c.expected !== undefined && c.valid !== c.expected ? ` (expected ${verdictWord(c.expected)})` : ""}\n`);
      ctx.io.out(`matrix: ${join(dir, "index.html")}\n`);
      setExit(code);
    });
}
