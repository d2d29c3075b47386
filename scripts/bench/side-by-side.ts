/**
 * The corpus figures: every manifest row read and converted once, then
 * checked by fencecheck and (when built) by porcupine, each timing the check
 * alone in-process, totals per corpus (manifest folder and model). Each
 * checker first checks every file of the corpus once (the first pass), then
 * each file `repeat` times (the median counts). The first pass is printed
 * too: on a corpus of tiny files it is mostly the JIT's warm-up, which spans
 * many files (V8 compiles the search loop in the background for tens of
 * milliseconds, while a file takes a fraction of one), and Go has none.
 */
import { basename, dirname } from "node:path";
import { createSystemClock } from "../../core/index.js";
import { checkParallel, readHistoryFile, type ManifestRow } from "../../harness/index.js";
import { prepareCheck, type PreparedCheck, type Verdict } from "../../checkers/index.js";
import type { PorcupineDriver } from "./porcupine.js";

/** One corpus's totals. */
export interface CorpusFigures {
  readonly name: string;
  readonly files: number;
  /** Sums, over the files, of the median of the repeats. */
  readonly fencecheckMs: number;
  /** Undefined when porcupine was not run or does not have the model. */
  readonly porcupineMs?: number;
  /** Sums of the first pass's checks. */
  readonly fencecheckFirstMs: number;
  readonly porcupineFirstMs?: number;
  /** Rows whose fencecheck verdict is not the expected one, as printable lines. */
  readonly mismatches: readonly string[];
  /** Rows where porcupine's verdict is not the expected one, as printable lines. */
  readonly porcupineDisagrees: readonly string[];
}

/** Groups a manifest's rows into corpora named by the manifest's folder and the model. */
export function corpora(manifest: string, rows: readonly ManifestRow[]): Map<string, ManifestRow[]> {
  const groups = new Map<string, ManifestRow[]>();
  for (const row of rows) {
    const name = `${basename(dirname(manifest))} ${row.model.spec.name}`;
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return groups;
}

/** Measures one corpus with both checkers. */
export async function measureCorpus(
  name: string,
  rows: readonly ManifestRow[],
  repeat: number,
  driver: PorcupineDriver | undefined,
  onFile: (line: string) => void,
): Promise<CorpusFigures> {
  const prepared = rows.map((row): PreparedCheck => {
    const parsed = readHistoryFile(row.path);
    return prepareCheck(parsed.ops, row.path, parsed.format, row.model);
  });
  const mismatches: string[] = [];
  let fencecheckFirstMs = 0;
  for (const p of prepared) fencecheckFirstMs += (await timeFencecheck(p, 1)).ms;
  let fencecheckMs = 0;
  for (let i = 0; i < rows.length; i++) {
    const { result, ms } = await timeFencecheck(prepared[i]!, repeat);
    fencecheckMs += ms;
    const row = rows[i]!;
    const mark = row.expected === "none" || result === row.expected ? "" : `  MISMATCH (expected ${row.expected})`;
    if (mark !== "") mismatches.push(`${row.path}\t${row.modelText}\t${result}${mark}`);
    onFile(`${row.path}\t${row.modelText}\t${result}\t${ms.toFixed(1)} ms${mark}`);
  }
  const theirs = driver?.time(prepared, repeat);
  const supported = theirs !== undefined && theirs.every((t) => t.result !== "unsupported model");
  const porcupineDisagrees = supported
    ? theirs.flatMap((t, i) => {
        const expected = rows[i]!.expected;
        return expected === "none" || t.result === expected ? [] : [`${rows[i]!.path}\tporcupine says ${t.result}, expected ${expected}`];
      })
    : [];
  const porcupine = supported ? { porcupineMs: sumOf(theirs, (t) => t.ms), porcupineFirstMs: sumOf(theirs, (t) => t.firstMs) } : {};
  return { name, files: rows.length, fencecheckMs, fencecheckFirstMs, mismatches, porcupineDisagrees, ...porcupine };
}

/** The sum of `pick` over `items`. */
export function sumOf<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((sum, item) => sum + pick(item), 0);
}

async function timeFencecheck(prepared: PreparedCheck, repeat: number): Promise<{ result: Verdict; ms: number }> {
  const clock = createSystemClock();
  const times: number[] = [];
  let result: Verdict = "unknown";
  for (let r = 0; r < Math.max(1, repeat); r++) {
    const start = clock.nowNs();
    result = (await checkParallel(prepared)).result;
    times.push((clock.nowNs() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { result, ms: times[times.length >> 1]! };
}
