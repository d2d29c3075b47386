/**
 * `--quick`: every bench's small variant (`npm run bench -- --quick`, and
 * scripts/bench-quick.int.test.ts in CI), so that a bench that broke shows
 * at once. It runs the same code on small sizes, one repeat and short runs,
 * and prints every kind of figure the full bench prints, each line marked
 * with QUICK_MARK: a quick figure says the bench works, never what
 * fencecheck does, and must not be quoted as the real one.
 */

/** The flag every bench takes. */
export const QUICK_FLAG = "--quick";

/** What begins every line of a quick bench's output. */
export const QUICK_MARK = "(quick) ";

/** Whether `argv` (a script's arguments, without node and the script) asks for the quick variant. */
export function isQuick(argv: readonly string[]): boolean {
  return argv.includes(QUICK_FLAG);
}

/**
 * The line a bench prints first in quick mode (through its printer, which
 * marks it): what it shrank, and that its figures are not to be quoted.
 */
export function quickBanner(bench: string, sizes: string): string {
  return `${bench} --quick (${sizes}): these figures show the bench runs, not what fencecheck does: never quote them`;
}

/**
 * A bench's output function: writes each line with a newline to `write`,
 * marked with QUICK_MARK when `quick` (every line of a multi-line text).
 */
export function benchPrinter(quick: boolean, write: (text: string) => void): (line: string) => void {
  return (line) => write(`${quick ? line.split("\n").map((l) => `${QUICK_MARK}${l}`).join("\n") : line}\n`);
}
