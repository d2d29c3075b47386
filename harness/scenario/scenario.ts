/**
 * The seed's claims as named, runnable scenarios. Each scenario states its
 * claim, and each variant is a `fencecheck run` command line with the
 * verdict it must reach. Variants that must always be safe run on several
 * seeds.
 */

/** What a variant must show. */
export type ScenarioExpectation = "valid" | "invalid" | "unavailable";

/** One design under one fault, as the options a user would type after `fencecheck run`. */
export interface ScenarioVariant {
  readonly label: string;
  readonly argv: readonly string[];
  readonly expect: ScenarioExpectation;
  /** Why this verdict, in one sentence, for the scenario page. */
  readonly why: string;
}

/** A named claim with the variants that demonstrate it. */
export interface Scenario {
  readonly name: string;
  /** The claim from the design notes, in plain words. */
  readonly claim: string;
  readonly variants: readonly ScenarioVariant[];
}

/**
 * Options every scenario run shares unless a variant overrides them.
 * Scenarios keep the seed's fixed 100 ms hold unless a variant names its own
 * (later flags win): their claims are about one timing, such as a pause
 * landing between a lease check and the write.
 */
export const SCENARIO_DEFAULTS: readonly string[] = ["--time-limit", "8", "--nemesis-interval", "2", "--hold-ms", "100"];
