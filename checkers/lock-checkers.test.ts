import { describe, expect, it } from "vitest";
import { compose } from "./compose.js";
import { lockCheckers } from "./lock-checkers.js";
import { seedScenario } from "./testing/seed-scenario.js";

describe("lock checkers", () => {
  it("find the seed's fenced run valid", async () => {
    const result = await compose(lockCheckers()).check(seedScenario("fenced"));
    expect(result.valid).toBe(true);
    expect(Object.keys(result.results)).toEqual(["fencing", "real-time", "lease-overlap", "lock-service", "final-state", "linearizable", "stats"]);
  });

  it("find the seed's unfenced run invalid through fencing and final state", async () => {
    const result = await compose(lockCheckers()).check(seedScenario("unfenced"));
    expect(result.valid).toBe(false);
    expect(result.results["fencing"]?.valid).toBe(false);
    expect(result.results["final-state"]?.valid).toBe(false);
    expect(result.results["lease-overlap"]?.valid).toBe(true);
  });
});
