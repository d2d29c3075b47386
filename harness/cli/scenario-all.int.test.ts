/**
 * Every scenario of the design notes, run for real on the local runtime
 * through the compiled CLI, each variant asserted against the verdict its
 * design predicts. One seed each: a variant run again on a second seed
 * repeats a verdict already asserted (`fencecheck scenario run --all`, by
 * default on seeds 1,2,3, is the sweep over seeds). Two scenarios run at
 * a time (the integration project's maxConcurrency), each CLI its own
 * process with its own store, so neither waits on the other's checking.
 * Every Redlock variant runs Redlock itself: 3 masters in services.json.
 * Needs root and a build.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { SCENARIO_DEFAULTS, scenarioList, type ScenarioVariant } from "../scenario/index.js";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-scenarios-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** The seconds of runs a scenario asks for: each variant's --time-limit (later flags win, as in `scenario run`). */
function runSeconds(variants: readonly ScenarioVariant[]): number {
  return variants.reduce((sum, v) => {
    const argv = [...SCENARIO_DEFAULTS, ...v.argv];
    return sum + Number(argv[argv.lastIndexOf("--time-limit") + 1]);
  }, 0);
}

describe("the design notes' scenarios", () => {
  // Longest first, so that the two at a time end near together: in declaration order the
  // longest (token-durability, 4 runs of 20 s) started last and ran on alone (184 s in all; ~162 s so).
  const scenarios = scenarioList()
    .map((s) => ({ name: s.name, variants: s.variants.length, seconds: runSeconds(s.variants) }))
    .sort((a, b) => b.seconds - a.seconds);
  it.concurrent.for(scenarios)("$name shows what each design predicts", { timeout: 300_000 }, async ({ name, variants }, { expect }) => {
    const { code, stdout, stderr } = await runCli(["scenario", "run", name, "--seeds", "1", "--store", join(store, name)]);
    expect(stdout, stderr).not.toContain("MISS");
    expect(stdout.match(/^ok {2}/gm)).toHaveLength(variants);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const page = /scenarios: (.*)/.exec(stdout)?.[1];
    expect(page && existsSync(page)).toBe(true);
    const redlockRuns = readdirSync(join(store, name))
      .filter((d) => d.startsWith(`scenario-${name}-redlock`))
      .flatMap((variant) => readdirSync(join(store, name, variant)).map((run) => join(store, name, variant, run, "services.json")));
    for (const file of redlockRuns) {
      const services = JSON.parse(readFileSync(file, "utf8")) as { lock: { adapter: string; endpoints: string[] } };
      expect([services.lock.adapter, services.lock.endpoints.length], file).toEqual(["redlock", 3]);
    }
    if (name === "redlock") expect(redlockRuns).toHaveLength(2);
  });
});
