/**
 * Manifests of histories with expected verdicts, tab-separated as
 * `<path relative to the manifest> <model[:initial]> <ok|illegal|unknown|none> [note]`;
 * `#` starts a comment line. `runManifest` checks every row and totals.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseModelArg, type ModelChoice, type Verdict } from "../../checkers/index.js";
import { HarnessError } from "../../core/index.js";
import { checkFile, type FileCheck } from "./check-file.js";

/** One manifest row. `expected` "none" means no verdict is expected. */
export interface ManifestRow {
  readonly path: string;
  readonly model: ModelChoice;
  readonly modelText: string;
  readonly expected: Verdict | "none";
  readonly line: number;
}

/** Reads a manifest; throws input.invalid naming the file and line. */
export function readManifest(path: string): ManifestRow[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new HarnessError("input.invalid", `Cannot read manifest "${path}": no such file`);
  }
  const base = dirname(path);
  const rows: ManifestRow[] = [];
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "" || raw.startsWith("#")) return;
    const bad = (why: string): never => {
      throw new HarnessError("input.invalid", `Cannot read "${path}" line ${i + 1}: ${why}`);
    };
    const [file, modelText, expected] = raw.split("\t");
    if (!file || !modelText || !expected) return bad("expected <path> <model> <expected> separated by tabs");
    if (!["ok", "illegal", "unknown", "none"].includes(expected.trim())) {
      return bad(`expected verdict must be ok, illegal, unknown or none, got "${expected}"`);
    }
    let model: ModelChoice;
    try {
      model = parseModelArg(modelText.trim());
    } catch (error) {
      return bad((error as Error).message);
    }
    rows.push({ path: resolve(base, file.trim()), model, modelText: modelText.trim(), expected: expected.trim() as ManifestRow["expected"], line: i + 1 });
  });
  return rows;
}

/** The outcome of one row. */
export interface ManifestOutcome {
  readonly row: ManifestRow;
  readonly check: FileCheck;
  readonly matches: boolean;
}

/** Totals of a manifest run. */
export interface ManifestSummary {
  readonly outcomes: readonly ManifestOutcome[];
  readonly mismatches: number;
  readonly totalMs: number;
}

/** Checks every row in order, calling `onRow` after each. */
export async function runManifest(
  rows: readonly ManifestRow[],
  options: { readonly timeoutMs?: number; readonly maxMemoryBytes?: number; readonly workers?: number },
  onRow: (outcome: ManifestOutcome) => void,
): Promise<ManifestSummary> {
  const outcomes: ManifestOutcome[] = [];
  for (const row of rows) {
    const check = await checkFile(row.path, { ...options, model: row.model });
    const matches = row.expected === "none" || check.result.result === row.expected;
    const outcome = { row, check, matches };
    outcomes.push(outcome);
    onRow(outcome);
  }
  return {
    outcomes,
    mismatches: outcomes.filter((o) => !o.matches).length,
    totalMs: outcomes.reduce((t, o) => t + o.check.checkMs, 0),
  };
}
