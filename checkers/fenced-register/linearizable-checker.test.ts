import { describe, expect, it } from "vitest";
import { historyBuilder, seedScenario } from "../testing/index.js";
import { checkLinearizable, linearizableChecker } from "./linearizable-checker.js";

describe("linearizable checker", () => {
  it("finds the fenced seed run linearizable", async () => {
    const result = await linearizableChecker().check(seedScenario("fenced"));
    expect(result).toMatchObject({ valid: true, result: "ok", partitions: 1, counterexamples: [] });
  });

  it("gives the unfenced seed run's counterexample with harness times", () => {
    const result = checkLinearizable(seedScenario("unfenced"));
    expect(result.valid).toBe(false);
    const [c] = result.counterexamples;
    expect(c?.result).toBe("illegal");
    expect(c?.prefixTail.map((o) => o.description)).toEqual(["write(r1, \"v1-7\", token 34) -> ok"]);
    expect(c?.stuck.map((o) => [o.process, o.description, o.calledAt, o.returnedAt])).toContainEqual(
      [3, "write(r1, \"v3-2\", token 33) -> ok", 5110e6, 5120e6]);
    expect(result.summary).toContain("cannot place");
  });

  it("leaves out the hold and the lease check, which do not touch storage", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "3", [0, 1])
      .op("invoke", 1, "hold", { resource: "r1", phase: "critical-section", holdMs: 5 }, 2).op("ok", 1, "hold", { resource: "r1", holdMs: 5, token: "3" }, 7)
      .op("invoke", 1, "check-lease", { resource: "r1" }, 8).op("fail", 1, "check-lease", { resource: "r1", token: "3" }, 9, "lease-expired")
      .write(1, "r1", "a", "3", [10, 11]).read(2, "r1", "a", "3", [20, 21]).build();
    expect(checkLinearizable({ history })).toMatchObject({ valid: true, operations: 2 });
  });

  it("returns unknown when the search is stopped before it decides", () => {
    const b = historyBuilder();
    for (let p = 1; p <= 16; p++) b.write(p, "r1", `v${p}`, String(p), [0, 100], "info");
    b.read(99, "r1", "never-written", "3", [200, 210]);
    const result = checkLinearizable({ history: b.build() }, { signal: AbortSignal.abort() });
    expect(result.valid).toBe("unknown");
    expect(result.counterexamples[0]?.result).toBe("unknown");
    expect(result.summary).toContain("undecided");
  });
});
