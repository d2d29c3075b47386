/**
 * Test support: runs the CLI's `main` in this process, as `fencecheck
 * <argv>` would run in `cwd`, and returns its exit code and what it printed
 * on each stream. For tests of what the CLI decides before anything starts
 * (refusals, listings); runs that start nodes use cli-process.ts.
 */
import { main } from "../main.js";

/** What one in-process call of the CLI left. */
export interface InProcessResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `fencecheck <argv>` in this process (never a TTY, never interrupted). */
export async function runCliInProcess(argv: readonly string[], cwd: string = process.cwd()): Promise<InProcessResult> {
  let out = "";
  let err = "";
  const io = { out: (s: string) => void (out += s), err: (s: string) => void (err += s), isTty: false };
  const code = await main(argv, io, { cwd, signal: new AbortController().signal });
  return { code, out, err };
}
