/**
 * What `fencecheck check` does once its arguments are read (by commander,
 * check-command.ts, or without it, check-args.ts): check files or a
 * manifest, print a line per file, and return the exit code. Exit codes:
 * 0 all ok, 1 some illegal (or, with a manifest, some verdict not the
 * expected one), 2 some unknown, 254 bad input (one line naming file and line).
 */
import { exitCodeFor, HarnessError, messageOf, terminalText } from "../../core/index.js";
import type { CliIo, ExitCode } from "./io.js";
import { parseFormatArg, parseInitial, parseModelArg, type ModelChoice } from "../../checkers/index.js";
import { explainResult, checkFile, readManifest, runManifest } from "../check/index.js";

/** Parsed options of the check command. */
export interface CheckArgs {
  readonly files: readonly string[];
  readonly model?: string;
  readonly format?: string;
  readonly timeout?: string;
  readonly maxMemory?: string;
  readonly initial?: string;
  readonly manifest?: string;
}

/** Does the whole check and returns the exit code; never throws. */
export async function runCheck(args: CheckArgs, io: CliIo): Promise<ExitCode> {
  try {
    const timeoutMs = parsePositive(args.timeout, "--timeout", "seconds", 1000);
    const maxMemoryBytes = parsePositive(args.maxMemory, "--max-memory", "MiB", 1024 * 1024);
    const bounds = { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(maxMemoryBytes === undefined ? {} : { maxMemoryBytes }) };
    if (args.manifest !== undefined) return await checkManifest(args.manifest, bounds, io);
    if (args.files.length === 0) throw new HarnessError("input.invalid", "Cannot check: no history file given");
    const model = modelChoice(args);
    const format = args.format === undefined ? undefined : parseFormatArg(args.format);
    let worst: ExitCode = 0;
    for (const file of args.files) {
      const c = await checkFile(file, { model, format, ...bounds });
      for (const warning of c.warnings) io.err(`fencecheck: warning: ${terminalText(warning)}\n`);
      io.out(`${file}\t${c.modelName}\t${c.result.result}\t${c.checkMs.toFixed(1)} ms\n`);
      for (const line of explainResult(c.result)) io.out(`${terminalText(line)}\n`);
      worst = worse(worst, c.result.result === "ok" ? 0 : c.result.result === "illegal" ? 1 : 2);
    }
    return worst;
  } catch (error) {
    io.err(`fencecheck: ${terminalText(messageOf(error), "keep")}\n`);
    return error instanceof HarnessError ? (exitCodeFor(error.code) as ExitCode) : 255;
  }
}

async function checkManifest(path: string, bounds: { timeoutMs?: number; maxMemoryBytes?: number }, io: CliIo): Promise<ExitCode> {
  const rows = readManifest(path);
  const summary = await runManifest(rows, bounds, (o) => {
    const mark = o.matches ? "" : `\tMISMATCH (expected ${o.row.expected})`;
    io.out(`${o.row.path}\t${o.row.modelText}\t${o.check.result.result}\t${o.check.checkMs.toFixed(1)} ms${mark}\n`);
  });
  const byModel = new Map<string, number>();
  for (const o of summary.outcomes) byModel.set(o.row.modelText, (byModel.get(o.row.modelText) ?? 0) + o.check.checkMs);
  for (const [model, ms] of byModel) io.out(`total ${model}\t${ms.toFixed(1)} ms\n`);
  io.out(`total\t${summary.outcomes.length} files\t${summary.totalMs.toFixed(1)} ms\t${summary.mismatches} mismatches\n`);
  return summary.mismatches > 0 ? 1 : 0;
}

function modelChoice(args: CheckArgs): ModelChoice | undefined {
  if (args.model === undefined) {
    if (args.initial !== undefined) throw new HarnessError("input.invalid", "Cannot use --initial without --model");
    return undefined;
  }
  const choice = parseModelArg(args.model);
  return args.initial === undefined ? choice : { spec: choice.spec, initial: parseInitial(args.initial) };
}

function parsePositive(text: string | undefined, option: string, unit: string, scale: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new HarnessError("input.invalid", `Cannot use ${option} "${text}": expected a positive number of ${unit}`);
  return n * scale;
}

function worse(a: ExitCode, b: ExitCode): ExitCode {
  const rank = (c: ExitCode): number => (c === 1 ? 3 : c === 2 ? 2 : c === 0 ? 0 : 4);
  return rank(a) >= rank(b) ? a : b;
}
