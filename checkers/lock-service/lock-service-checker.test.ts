import { describe, expect, it } from "vitest";
import { historyBuilder } from "../testing/history-builder.js";
import { seedScenario, testRunConfig } from "../testing/seed-scenario.js";
import { checkLockService } from "./lock-service-checker.js";

const config = testRunConfig("fenced"); // ttl 2000 ms

describe("lock-service checker", () => {
  it("finds the seed's run kept the lock service's promise: the second grant came after expiry", () => {
    const result = checkLockService(seedScenario("unfenced"));
    expect(result.valid).toBe(true);
    expect(result.doubleGrants).toEqual([]);
    expect(result.summary).toMatch(/^The lock service kept its promise over 2 grants/);
  });

  it("names a token granted twice as a broken promise", () => {
    const history = historyBuilder().acquire(1, "r1", "5", [0, 10]).acquire(2, "r1", "5", [3000, 3010]).build();
    const result = checkLockService({ config, history });
    expect(result.valid).toBe(false);
    expect(result.tokenViolations.map((v) => v.kind)).toEqual(["duplicate-token"]);
    expect(result.summary).toContain('broke its promise: Token "5" for "r1" was granted twice');
  });

  it("finds two concurrent acquires both granted while both leases were live", () => {
    // Neither completed before the other was invoked, so lease-overlap cannot order them; both held r1 at 20 ms.
    const history = historyBuilder().acquire(1, "r1", "7", [0, 20]).acquire(2, "r1", "8", [5, 15]).build();
    const result = checkLockService({ config, history });
    expect(result.valid).toBe(false);
    expect(result.doubleGrants).toHaveLength(1);
    expect(result.doubleGrants[0]).toMatchObject({ resource: "r1", overlapStart: 20e6, overlapEnd: 2000e6 });
    expect(result.summary).toMatch(/client 2 \(token "8"\) and client 1 \(token "7"\) at once/);
  });

  it("accepts a grant made after the holder invoked its release, even before the release answered", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .release(1, "r1", "1", [100, 300])
      .acquire(2, "r1", "2", [150, 200])
      .build();
    expect(checkLockService({ config, history }).doubleGrants).toEqual([]);
  });

  it("keeps a retired holder's lease live on the server until its ttl, and no longer", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .write(1, "r1", "v", "1", [20, 500], "info")
      .acquire(2, "r1", "2", [600, 610])
      .acquire(3, "r1", "3", [2700, 2710])
      .build();
    const result = checkLockService({ config, history });
    expect(result.doubleGrants.map((d) => [d.first.token, d.second.token])).toEqual([["1", "2"]]);
  });

  it("calls a run where no acquire was granted unavailable, not unsafe", () => {
    const history = historyBuilder()
      .op("invoke", 1, "acquire", { resource: "r1" }, 0)
      .op("fail", 1, "acquire", { resource: "r1" }, 3000, "unavailable")
      .op("invoke", 2, "acquire", { resource: "r1" }, 10)
      .op("info", 2, "acquire", { resource: "r1" }, 4000, "timeout")
      .build();
    const result = checkLockService({ config, history });
    expect(result.valid).toBe("unknown");
    expect(result.availability).toMatchObject({ acquires: 2, granted: 0, failed: { unavailable: 1 }, indeterminate: 1, unavailable: true });
    expect(result.availability.longestWithoutGrantNs).toBe(4000e6);
    expect(result.summary).toBe("The lock service was unavailable: none of 2 acquires was granted (1 unavailable, 1 indeterminate)");
  });

  it("measures the longest stretch without a grant", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .op("invoke", 2, "acquire", { resource: "r1" }, 20)
      .op("fail", 2, "acquire", { resource: "r1" }, 3020, "lock-busy")
      .acquire(3, "r1", "2", [3100, 3500])
      .build();
    expect(checkLockService({ config, history }).availability).toMatchObject({ granted: 2, longestWithoutGrantNs: 3490e6, unavailable: false });
  });
});
