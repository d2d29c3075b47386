/**
 * Runs a scenario's variants and judges each against its expected verdict.
 * Variants expected to be valid (designs that must always be safe) run on
 * every seed given; the others on the first.
 */
import type { RunConfig, Runtime, Validity } from "../core/index.js";
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
    /** Turns a variant's argv and a seed into a run configuration (the CLI's parser). */
    toConfig(variant: ScenarioVariant, scenario: Scenario, seed: number): RunConfig;
    readonly runtime: () => Runtime;
    readonly signal?: AbortSignal;
    readonly log?: (line: string) => void;
}
/** Runs every variant of `scenario`; stops early when the signal aborts. */
export declare function runScenario(scenario: Scenario, deps: ScenarioDeps): Promise<VariantOutcome[]>;
/** Whether a verdict shows what a variant expects. */
export declare function judge(expect: ScenarioExpectation, valid: Validity, unavailable: boolean): boolean;
