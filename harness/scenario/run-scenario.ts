/**
 * Runs a scenario's variants and judges each against its expected verdict.
 * Variants expected to be valid (designs that must always be safe) run on
 * every seed given; the others on the first.
 */
import type { Runtime, Validity } from "../../core/index.js";
import { readStoredRun } from "../store/index.js";
import { runTest, type ResolvedRun } from "../run/index.js";
import { faultAvailability } from "./availability.js";
import type { Scenario, ScenarioExpectation, ScenarioVariant } from "./scenario.js";

/** One variant's run and whether it showed what it must. */
export interface VariantOutcome {
  readonly scenario: string;
  readonly variant: string;
  readonly expect: ScenarioExpectation;
  readonly why: string;
  readonly seed: number;
  readonly valid: Validity;
  readonly unavailable: boolean;
  readonly passed: boolean;
  readonly dir: string;
  readonly command: string;
}

/** What running scenarios needs. */
export interface ScenarioDeps {
  readonly seeds: readonly number[];
  /** Turns a variant's argv and a seed into a resolved run and its runtime (the CLI's `buildRun`). */
  prepare(variant: ScenarioVariant, scenario: Scenario, seed: number): Promise<{ readonly run: ResolvedRun; readonly runtime: Runtime }>;
  readonly signal?: AbortSignal;
  /** Wraps each run's checking phase (see `RunDeps.whileChecking`). */
  readonly whileChecking?: <T>(check: () => Promise<T>) => Promise<T>;
  readonly log?: (line: string) => void;
}

/** Runs every variant of `scenario`; stops early when the signal aborts. */
export async function runScenario(scenario: Scenario, deps: ScenarioDeps): Promise<VariantOutcome[]> {
  const out: VariantOutcome[] = [];
  for (const variant of scenario.variants) {
    const seeds = variant.expect === "valid" ? deps.seeds : deps.seeds.slice(0, 1);
    for (const seed of seeds) {
      if (deps.signal?.aborted) return out;
      deps.log?.(`${scenario.name} / ${variant.label} / seed ${seed}`);
      const { run, runtime } = await deps.prepare(variant, scenario, seed);
      const outcome = await runTest(run, { runtime, ...(deps.signal ? { signal: deps.signal } : {}), ...(deps.whileChecking ? { whileChecking: deps.whileChecking } : {}) });
      const stored = readStoredRun(outcome.dir);
      const availability = faultAvailability(stored.history, outcome.nemesis.shading);
      out.push({
        scenario: scenario.name,
        variant: variant.label,
        expect: variant.expect,
        why: variant.why,
        seed,
        valid: outcome.valid,
        unavailable: availability.unavailable,
        passed: judge(variant.expect, outcome.valid, availability.unavailable) && !outcome.error,
        dir: outcome.dir,
        command: run.config.command,
      });
    }
  }
  return out;
}

/** Whether a verdict shows what a variant expects. */
export function judge(expect: ScenarioExpectation, valid: Validity, unavailable: boolean): boolean {
  if (expect === "invalid") return valid === false;
  if (expect === "unavailable") return valid !== false && unavailable;
  return valid === true;
}
