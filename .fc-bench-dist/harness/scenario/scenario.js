/**
 * The seed's claims as named, runnable scenarios. Each scenario states its
 * claim, and each variant is a `fencecheck run` command line with the
 * verdict it must reach. Variants that must always be safe run on several
 * seeds.
 */
/** Options every scenario run shares unless a variant overrides them. */
export const SCENARIO_DEFAULTS = ["--time-limit", "10", "--nemesis-interval", "2"];
//# sourceMappingURL=scenario.js.map