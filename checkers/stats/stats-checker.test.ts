import { describe, expect, it } from "vitest";
import { historyBuilder, seedScenario } from "../testing/index.js";
import { checkStats } from "./stats-checker.js";

describe("stats checker", () => {
  it("counts ops per f and type", () => {
    const result = checkStats(seedScenario("fenced"));
    expect(result.valid).toBe(true);
    expect(result.byF["write"]).toEqual({ invoke: 2, ok: 1, fail: 1, info: 0 });
    expect(result.byF["pause"]).toEqual({ invoke: 1, ok: 0, fail: 0, info: 1 });
    expect(result.total.invoke).toBe(9);
  });

  it("names nemesis ops that ended with an error, without changing the verdict", () => {
    const history = historyBuilder()
      .write(1, "r", "a", "1", [0, 1])
      .op("invoke", "nemesis", "start-partition", null, 2)
      .op("info", "nemesis", "start-partition", null, 3, "nemesis-error")
      .pause(["n1"], {}, [4, 5])
      .build();
    const result = checkStats({ history });
    expect(result.valid).toBe(true);
    expect(result.nemesisErrors).toBe(1);
    expect(result.summary).toBe("stats: 1 of 2 nemesis ops did not take effect, so the run tested less than asked; the first, start-partition: nemesis-error");
    expect(checkStats(seedScenario("fenced")).summary).toBeUndefined();
  });

  it("is unknown when no op succeeded", () => {
    const history = historyBuilder().write(1, "r", "a", "1", [0, 1], "stale").build();
    expect(checkStats({ history }).valid).toBe("unknown");
  });
});
