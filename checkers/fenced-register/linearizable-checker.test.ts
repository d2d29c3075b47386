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

  // The shape of a fault-free s3 run (seed 1, holds near the TTL, before the S3
  // node put GETs in the PUTs' turns): client 2's slow write outlived its lease,
  // and client 4, the next holder, read while that PUT was half done in s3rver.
  function slowWriteAndNextHoldersRead(readToken: string) {
    return historyBuilder()
      .acquire(0, "r1", "1", [714, 732]).write(0, "r1", "p0-0", "1", [813, 2803])
      .acquire(2, "r1", "2", [715, 2737]).write(2, "r1", "p2-0", "2", [2758, 4791])
      .acquire(4, "r1", "3", [3790, 4740]).read(4, "r1", "p2-0", readToken, [4754, 4790])
      .build();
  }

  it("lets a read that overlaps a slow write see that write whole", () => {
    expect(checkLinearizable({ history: slowWriteAndNextHoldersRead("2") })).toMatchObject({ valid: true, result: "ok" });
  });

  it("finds no order for a read that saw one write's value with the previous write's token (a torn object)", () => {
    const result = checkLinearizable({ history: slowWriteAndNextHoldersRead("1") });
    expect(result.valid).toBe(false);
    expect(result.summary).toBe('linearizable: cannot place read(r1) -> "p2-0" @ 1 after 2 ops');
  });
});
