import { describe, expect, it } from "vitest";
import { judge, scenarioList } from "../scenario/index.js";
import { variantConfig } from "./scenario-command.js";

describe("scenarios", () => {
  it("parses every variant's command line into a run configuration, as fencecheck run would", async () => {
    for (const scenario of scenarioList()) {
      for (const variant of scenario.variants) {
        const config = await variantConfig(variant, scenario, 5, { store: "store", cwd: "/tmp/x" });
        expect(config.seed).toBe(5);
        expect(config.name).toMatch(new RegExp(`^scenario-${scenario.name}-`));
        expect(config.command).toContain("--seed 5");
      }
    }
  });

  it("gives every scenario a claim and at least one safe and one unsafe or unavailable design", () => {
    for (const scenario of scenarioList()) {
      expect(scenario.claim.length).toBeGreaterThan(20);
      expect(scenario.variants.some((v) => v.expect === "valid")).toBe(true);
      expect(scenario.variants.some((v) => v.expect !== "valid")).toBe(true);
    }
  });

  it("judges verdicts against expectations", () => {
    expect(judge("invalid", false, false)).toBe(true);
    expect(judge("invalid", true, false)).toBe(false);
    expect(judge("valid", true, false)).toBe(true);
    expect(judge("valid", "unknown", false)).toBe(false);
    expect(judge("unavailable", true, true)).toBe(true);
    expect(judge("unavailable", false, true)).toBe(false);
    expect(judge("unavailable", true, false)).toBe(false);
  });
});
