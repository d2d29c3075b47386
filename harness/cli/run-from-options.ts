/** The body of `fencecheck run` once its options passed the up-front refusals: build the run, run it, print the outcome. */
import { resolve } from "node:path";
import { terminalText, type RunConfig } from "../../core/index.js";
import { createPhaseTrace, formatPhases, processTimes, runTest, type PhaseTrace } from "../run/index.js";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { resolveRunOptions, runtimeFor, type RunAndSshOptions } from "./build-run.js";
import type { ConfigEnv } from "./options-to-config.js";
import { outcomeExitCode, printOutcome } from "./print-outcome.js";
import { runProgress } from "./progress.js";

/** What `run` asks besides the run's options: JUnit XML, and the phases' timings on stderr at the end (`--timings`). */
export interface RunExtras {
  readonly junit?: string;
  readonly timings?: boolean;
  /** Exit 2 when the run is valid but vacuous. */
  readonly failVacuous?: boolean;
}

/** A run's options as `fencecheck run` parsed them, and the config it built from them for its up-front refusals. */
export interface RunRequest {
  readonly opts: RunAndSshOptions;
  readonly env: ConfigEnv;
  /** `optionsToConfig(opts, env)`, built once: the run is resolved from it. */
  readonly given: RunConfig;
}

/** Resolves the request into a run (once: `resolveRunOptions`), runs it with progress on `ctx.io`, prints the outcome and returns its exit code. */
export async function runFromOptions(ctx: CliContext, request: RunRequest, extras: RunExtras = {}): Promise<ExitCode> {
  const trace: PhaseTrace | undefined = extras.timings === true ? createPhaseTrace(processTimes()) : undefined;
  trace?.mark("CLI loaded, options read");
  const junit = extras.junit;
  const run = await resolveRunOptions(request.opts, request.env, request.given);
  const progress = runProgress(ctx.io, { timeLimitMs: run.config.timeLimitMs, shading: run.nemesis.shading });
  const outcome = await runTest(run, {
    runtime: await runtimeFor(run, (line) => progress.log(`  ${terminalText(line)}\n`)),
    signal: ctx.signal,
    whileChecking: ctx.endOnInterrupt,
    log: (line) => progress.log(`  ${terminalText(line)}\n`),
    onOp: (op) => progress.onOp(op),
    ...(trace !== undefined ? { trace: (phase: string) => trace.mark(phase) } : {}),
    ...(junit !== undefined ? { junitPath: resolve(ctx.cwd, junit) } : {}),
  }).finally(() => progress.stop());
  printOutcome(ctx.io, outcome);
  if (trace !== undefined) {
    trace.mark("outcome printed");
    ctx.io.err(formatPhases(trace.marks()).map((line) => `${line}\n`).join(""));
  }
  return outcomeExitCode(outcome, { failVacuous: extras.failVacuous === true });
}
