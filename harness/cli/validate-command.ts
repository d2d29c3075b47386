/**
 * `fencecheck validate`: the project's self-test. Runs every cell of the
 * validation table (harness/validate/validation-table.ts) as `fencecheck
 * run` in its own process, two at a time by default, prints one line per
 * run, writes the matrix page and JUnit, and exits 1 when any run's
 * outcome differs from its cell's declared verdict (exit 254 or 255 of the
 * run, or a run past its hard timeout, included), 2 when interrupted
 * before every run was made, 0 otherwise.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { Command } from "commander";
import { createSystemClock, HarnessError } from "../../core/index.js";
import { junitCasesXml, renderMatrixHtml } from "../../reports/index.js";
import { packageRoot } from "../runtime/index.js";
import {
  cellLine, cellRuns, onSeed, parseCellChoice, resolveRow, runCellProcess, runValidation, selectRows, summaryLines,
  validateExitCode, validationCases, validationPage, cellName, type CellResult, type CellRun, type ValidationRow,
} from "../validate/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";

interface ValidateOptions {
  seeds: string; tries: string; cells: string; runtime: string; store: string; junit?: string;
  timeLimit: string; jobs: string; cellTimeout?: string; list?: boolean;
}

function positive(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new HarnessError("config.invalid", `Cannot validate: ${flag} "${text}" must be a whole number of at least 1`);
  return n;
}

function stampOf(wallMs: number): string {
  return new Date(wallMs).toISOString().replace(/[:]/g, "").replace(/\.\d+Z$/, "Z");
}

/** `--list`: each cell with its subsets, expected verdict, reason and command line. */
function printTable(ctx: CliContext, rows: readonly ValidationRow[], root: string): void {
  for (const row of rows) {
    const { expect, why, argv } = resolveRow(row, root);
    ctx.io.out(`${cellName(row)}${row.ci ? " [ci]" : ""}${row.dockerCi ? " [docker ci]" : ""}: ${expect}: ${why}\n  fencecheck run ${argv.join(" ")}\n`);
  }
}

/**
 * The package root as the page writes it: relative to where validate ran
 * when inside it (`.` for itself), else absolute; either way a path that
 * works pasted where the page's "run it again" command is run.
 */
export function rootAsShown(root: string, cwd: string): string {
  const inside = relative(cwd, root);
  return inside === "" ? "." : inside.startsWith("..") || isAbsolute(inside) ? root : inside;
}

/** Writes the matrix page (and JUnit when asked); returns the page's path. */
function writeOutputs(results: readonly CellResult[], o: { dir: string; stamp: string; junit: string | undefined; command: string; runtime: string; root: string }): string {
  const page = join(o.dir, "index.html");
  writeFileSync(page, renderMatrixHtml(validationPage(results, { command: o.command, stamp: o.stamp, root: o.root, href: (p) => relative(o.dir, p) })));
  if (o.junit !== undefined) {
    mkdirSync(dirname(o.junit), { recursive: true });
    writeFileSync(o.junit, junitCasesXml("fencecheck.validate", validationCases(results), { command: o.command, runtime: o.runtime }));
  }
  return page;
}

/** Builds the `validate` command. */
export function validateCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("validate")
    .description("The self-test: every built-in lock service under every fault it can take, and the designs known to break, each against its declared verdict")
    .option("--cells <which>", "all, ci (the covering subset CI runs on this runtime), or cells, designs or faults by name, comma-separated (see --list)", "all")
    .option("--seeds <n>", "run every cell on seeds 1..n", "1")
    .option("--runtime <kind>", "where the cells' nodes run: local or docker", "local")
    .option("--store <dir>", "where the runs and the matrix page are stored", "store")
    .option("--junit <file>", "also write JUnit XML, one test case per cell and seed")
    .option("--time-limit <seconds>", "each cell's --time-limit", "10")
    .option("--jobs <n>", "cells run at once", "2")
    .option("--tries <n>", "a known-broken design's run that finds no violation is run again on a later seed, up to n runs per seed in all; every try counts in its catch rate", "1")
    .option("--cell-timeout <seconds>", "a cell still running after this long is stopped and counts as a mismatch (default 120 + 3 x the time limit)")
    .option("--list", "print the table (cell, in ci, expected verdict, why, command) and run nothing")
    .addHelpText("after", "\nExit code: 0 every run gave its cell's declared verdict, 1 some run did not (an unknown verdict, exit 254 or 255,\nor a timeout included), 2 interrupted, 254 bad arguments. The table: harness/validate/validation-table.ts;\na built-in lock service's cells are in its record, workloads/adapters/built-in/<name>.ts.")
    .action(async (opts: ValidateOptions) => {
      const cells = parseCellChoice(opts.cells);
      if (opts.runtime !== "local" && opts.runtime !== "docker") throw new HarnessError("config.invalid", `Cannot validate: --runtime "${opts.runtime}" must be local or docker`);
      const timeLimit = positive(opts.timeLimit, "--time-limit");
      const seeds = positive(opts.seeds, "--seeds");
      const jobs = positive(opts.jobs, "--jobs");
      const tries = positive(opts.tries, "--tries");
      const hardTimeoutMs = (opts.cellTimeout !== undefined ? positive(opts.cellTimeout, "--cell-timeout") : 120 + 3 * timeLimit) * 1000;
      const store = resolve(ctx.cwd, opts.store);
      const root = packageRoot();
      if (opts.list === true) {
        printTable(ctx, selectRows(cells, opts.runtime), root);
        setExit(0);
        return;
      }
      const bin = join(root, "dist", "harness", "cli", "bin.cjs");
      if (!existsSync(bin)) throw new HarnessError("prerequisite.missing", `Cannot validate: the CLI "${bin}" is not built (npm run build)`);
      const runs = cellRuns({ cells, seeds, timeLimitSeconds: timeLimit, runtime: opts.runtime, store, root });
      const clock = createSystemClock();
      const stamp = stampOf(clock.wallMs());
      const dir = join(store, `validate-${stamp}`);
      mkdirSync(join(dir, "cells"), { recursive: true });
      ctx.io.err(`validate: ${runs.length} runs of ${new Set(runs.map((r) => r.cell)).size} cells, ${jobs} at a time, on the ${opts.runtime} runtime; page ${join(dir, "index.html")}\n`);
      const logPath = (run: CellRun): string => join(dir, "cells", `${run.cell.replace(/[^a-z0-9]+/gi, "-").replace(/-$/, "")}-seed${run.seed}.log`);
      const results = await runValidation(runs, {
        jobs, signal: ctx.signal,
        runCell: (run) => runCellProcess(run, { bin, cwd: ctx.cwd, hardTimeoutMs, logPath: logPath(run), signal: ctx.signal, nowMs: () => clock.nowNs() / 1e6 }),
        // Try k of a seed's slot runs on seed + k x seeds: no two runs of a cell share a seed.
        anotherTry: (run, missed) => (missed < tries ? onSeed(run, run.seed + missed * seeds) : undefined),
        onResult: (r, again) => ctx.io.out(`${cellLine(r, again?.seed)}\n`),
      });
      const junit = opts.junit !== undefined ? resolve(ctx.cwd, opts.junit) : undefined;
      const page = writeOutputs(results, { dir, stamp, junit, command: `fencecheck ${ctx.argv.join(" ")}`, runtime: opts.runtime, root: rootAsShown(root, ctx.cwd) });
      for (const line of summaryLines(results)) ctx.io.out(`validate: ${line}\n`);
      ctx.io.out(`validate: took ${(clock.nowNs() / 1e9).toFixed(0)} s; page: ${page}${junit !== undefined ? `; junit: ${junit}` : ""}\n`);
      setExit(validateExitCode(results, runs.length));
    });
}
