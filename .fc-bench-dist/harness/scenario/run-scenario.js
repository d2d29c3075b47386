import { nemesisPackage } from "../../nemesis/index.js";
import { readStoredRun } from "../store/index.js";
import { runTest } from "../run/index.js";
import { faultAvailability } from "./availability.js";
/** Runs every variant of `scenario`; stops early when the signal aborts. */
export async function runScenario(scenario, deps) {
    const out = [];
    for (const variant of scenario.variants) {
        const seeds = variant.expect === "valid" ? deps.seeds : deps.seeds.slice(0, 1);
        for (const seed of seeds) {
            if (deps.signal?.aborted)
                return out;
            deps.log?.(`${scenario.name} / ${variant.label} / seed ${seed}`);
            const config = deps.toConfig(variant, scenario, seed);
            const outcome = await runTest(config, { runtime: deps.runtime(), ...(deps.signal ? { signal: deps.signal } : {}) });
            const stored = readStoredRun(outcome.dir);
            const availability = faultAvailability(stored.history, nemesisPackage(config).shading);
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
                command: config.command,
            });
        }
    }
    return out;
}
/** Whether a verdict shows what a variant expects. */
export function judge(expect, valid, unavailable) {
    if (expect === "invalid")
        return valid === false;
    if (expect === "unavailable")
        return valid !== false && unavailable;
    return valid === true;
}
//# sourceMappingURL=run-scenario.js.map