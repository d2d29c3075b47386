/**
 * Test support: runs the compiled CLI (`dist/harness/cli/bin.js`) as its
 * own process, the way a user does, and collects what it printed. Used by
 * the integration tests; nothing in the harness imports it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";

/** The compiled CLI (needs `npm run build`). */
export const CLI_BIN = resolve(import.meta.dirname, "../../../dist/harness/cli/bin.js");

/** What a finished CLI process left. */
export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A running CLI process; `done` settles when it exits. */
export interface CliChild {
  readonly child: ChildProcess;
  readonly done: Promise<CliResult>;
  /** Everything printed on stderr so far. */
  stderr(): string;
  /** Everything printed on stdout so far. */
  stdout(): string;
}

/** Where the CLI runs: its working directory and environment (this process's by default). */
export interface CliOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Starts `fencecheck ...args`. */
export function startCli(args: readonly string[], opts: CliOptions = {}): CliChild {
  const child = spawn(process.execPath, [CLI_BIN, ...args], { stdio: ["ignore", "pipe", "pipe"], ...(opts.cwd ? { cwd: opts.cwd } : {}), ...(opts.env ? { env: opts.env } : {}) });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const done = new Promise<CliResult>((res) => child.once("close", (code, signal) => res({ code, signal, stdout, stderr })));
  return { child, done, stderr: () => stderr, stdout: () => stdout };
}

/** Runs `fencecheck ...args` to the end. */
export function runCli(args: readonly string[], opts: CliOptions = {}): Promise<CliResult> {
  return startCli(args, opts).done;
}

/** Polls `done` every 50 ms; rejects naming `what` after `limitMs`. */
export async function until(what: string, done: () => boolean, limitMs: number): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > limitMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
