import { describe, expect, it } from "vitest";
import { compose } from "./compose.js";
import { lockCheckers } from "./lock-checkers.js";
import { historyBuilder, storageRecord } from "./testing/history-builder.js";
import { seedScenario, testRunConfig } from "./testing/seed-scenario.js";

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

  it("find a write with a stale ETag over an acknowledged one not valid on S3 that ignores If-Match", async () => {
    // Client 1 reads r1 empty and writes 2.4 s later with If-None-Match: *, after client 2's acknowledged write;
    // s3rver accepts it. Real-time leaves it undecided (client 2's acquire was asked before client 1's grant
    // returned, and a kill rules out exclusion): only fencing's trust in the condition could call the run valid.
    const config = testRunConfig("s3-conditional", { lock: { adapter: "redis", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
    const history = historyBuilder()
      .op("invoke", "nemesis", "kill", { nodes: ["l1"] }, 10).op("info", "nemesis", "kill", { nodes: ["l1"] }, 20)
      .op("invoke", 2, "acquire", { resource: "r1" }, 50).op("ok", 2, "acquire", { resource: "r1", token: null }, 2300)
      .op("invoke", 1, "acquire", { resource: "r1" }, 60).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
      .read(1, "r1", null, null, [110, 120]).read(2, "r1", null, null, [2305, 2308])
      .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 2310).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 2400)
      .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 2500).op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 2510)
      .read(2, "r1", "p1-0", null, [3000, 3010])
      .build();
    const s3 = { token: null, mode: "s3-conditional", serial: true } as const;
    const storage = [
      storageRecord({ key: "r1", value: "p2-0", client: "2", atMs: 2390, conditionHeld: true, ...s3 }),
      storageRecord({ key: "r1", value: "p1-0", client: "1", atMs: 2505, conditionHeld: false, ...s3 }),
    ];
    const result = await compose(lockCheckers()).check({ config, history, storage });
    expect(result.results["real-time"]).toMatchObject({ valid: true, undecided: 1, staleWritesJudged: false });
    expect(result.results["fencing"]?.valid).not.toBe(true);
    expect(result.valid).toBe("unknown");
  });
});
