/**
 * What `npm run bench` runs (scripts/bench.ts): the benches that print
 * issue 26's figures, in order, and the pure parts of running them: the
 * arguments it takes, the lines it prints around each bench, its exit code.
 */
import { QUICK_FLAG, QUICK_MARK } from "./quick.js";

/** The benches of `npm run bench`, in the order they run (the long soak last). */
export const BENCHES = ["bench-check.js", "bench-report.js", "bench-services.js", "bench-run.js", "bench-soak.js", "bench-clocks.js"] as const;

export type Bench = (typeof BENCHES)[number];

/** How one bench ended: its exit code (undefined when a signal ended it) and its wall time. */
export interface BenchEnd {
  readonly bench: Bench;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly wallMs: number;
}

/** The suite's arguments: `--quick` or nothing; anything else is a usage error (one line). */
export function parseSuiteArgs(argv: readonly string[]): { readonly quick: boolean } | { readonly error: string } {
  const unknown = argv.find((a) => a !== QUICK_FLAG);
  if (unknown !== undefined) return { error: `npm run bench: unknown argument ${JSON.stringify(unknown)} (the only one is ${QUICK_FLAG}; a bench's own options go to npm run bench:<name>)` };
  return { quick: argv.includes(QUICK_FLAG) };
}

/** The line printed before a bench's own output. */
export function benchHeader(bench: Bench, quick: boolean): string {
  return `${quick ? QUICK_MARK : ""}==== npm run bench: ${bench}${quick ? ` ${QUICK_FLAG}` : ""}`;
}

/** The line per bench printed once all have run: how it ended and how long it took. */
export function benchSummary(end: BenchEnd, quick: boolean): string {
  const how = end.code !== null ? `exited ${end.code}` : `was ended by ${end.signal ?? "a signal"}`;
  return `${quick ? QUICK_MARK : ""}npm run bench: ${end.bench} ${how} after ${(end.wallMs / 1000).toFixed(1)} s wall`;
}

/**
 * The suite's exit code: 0 when every bench exited 0, else the first other
 * exit code (a bench's 1 is a verdict that differs from its manifest's), and
 * 255 for a bench a signal ended.
 */
export function suiteExitCode(ends: readonly BenchEnd[]): number {
  const failed = ends.find((e) => e.code !== 0);
  return failed === undefined ? 0 : (failed.code ?? 255);
}
