import { describe, expect, it } from "vitest";
import { historyBuilder, storageRecord, seedScenario, testRunConfig } from "../testing/index.js";
import { checkFencing } from "./fencing-checker.js";

describe("fencing checker", () => {
  it("is invalid when storage accepts a write whose token is below one it already accepted", () => {
    const run = seedScenario("unfenced");
    const result = checkFencing(run);
    expect(result.valid).toBe(false);
    expect(result.violations).toEqual([{
      key: "r1", staleToken: "33", highestToken: "34", client: "3", value: "v3-2", time: 5115e6, accepted: true,
      earlier: { client: "1", value: "v1-7", time: 4135e6 },
    }]);
    expect(result.staleRejected).toBe(0);
    expect(result.staleAttempts).toBe(1);
    expect(result.summary).toContain("token 33 after token 34");
  });

  it("is valid and counts the rejection when storage rejects the same stale write", () => {
    const result = checkFencing(seedScenario("fenced"));
    expect(result.valid).toBe(true);
    expect(result.violations).toEqual([]);
    expect(result.staleRejected).toBe(1);
    expect(result.summary).toContain("divergence prevented");
    expect(result.rejections[0]).toMatchObject({ staleToken: "33", highestToken: "34", client: "3", accepted: false });
    expect(result.writes).toBe(1);
  });

  it("compares tokens as numbers, not as strings, and per key", () => {
    const storage = [
      storageRecord({ key: "a", value: "x", token: "9", client: "1" }),
      storageRecord({ key: "a", value: "y", token: "10", client: "2" }),
      storageRecord({ key: "b", value: "z", token: "2", client: "3" }),
    ];
    const result = checkFencing({ config: testRunConfig(), history: [], storage });
    expect(result.valid).toBe(true);
    expect(result.staleAttempts).toBe(0);
    expect(result.writes).toBe(3);
  });

  it("is not applicable, and judges no stale write, when no write storage accepted carried a token", () => {
    const history = historyBuilder().build();
    const storage = [
      storageRecord({ key: "r1", value: "a", token: null, client: "1", mode: "unfenced" }),
      storageRecord({ key: "r1", value: "b", token: null, client: "2", mode: "unfenced", atMs: 1 }),
    ];
    const result = checkFencing({ config: testRunConfig(), history, storage });
    expect(result).toMatchObject({ valid: "n/a", staleWritesJudged: false, tokenless: 2 });
    expect(result.reason).toBe("no fencing token: storage accepted 2 writes that carried none");
  });

  it("is unknown when only some accepted writes carried a token: the others cannot be judged by it", () => {
    const storage = [
      storageRecord({ key: "r1", value: "a", token: "1", client: "1", mode: "unfenced" }),
      storageRecord({ key: "r1", value: "b", token: null, client: "2", mode: "unfenced", atMs: 1 }),
    ];
    const result = checkFencing({ config: testRunConfig(), history: [], storage });
    expect(result).toMatchObject({ valid: "unknown", staleWritesJudged: false });
    expect(result.reason).toContain("1 of 2 writes with no fencing token");
  });

  it("judges the stale-write question when it finds a stale write, and when tokens show there was none", () => {
    expect(checkFencing(seedScenario("unfenced")).staleWritesJudged).toBe(true);
    expect(checkFencing(seedScenario("fenced")).staleWritesJudged).toBe(true);
  });

  it("leaves token-less writes to the version condition when storage decided every one of them by it", () => {
    const storage = [
      storageRecord({ key: "r1", value: "a", token: null, client: "1", mode: "cas", conditionHeld: true }),
      storageRecord({ key: "r1", value: "b", token: null, client: "2", mode: "cas", atMs: 1, accepted: false, reason: "version-conflict" }),
    ];
    const result = checkFencing({ config: testRunConfig("cas"), history: [], storage });
    expect(result).toMatchObject({ valid: true, tokenless: 1, conditional: true, staleWritesJudged: true });
    const mixed = [...storage, storageRecord({ key: "r1", value: "c", token: null, client: "3", mode: "unfenced", atMs: 2 })];
    expect(checkFencing({ config: testRunConfig("cas"), history: [], storage: mixed })).toMatchObject({ valid: "n/a", staleWritesJudged: false });
  });

  it("does not trust a condition storage ignored: an accepted token-less write whose condition did not hold leaves fencing n/a", () => {
    const s3 = (value: string, client: string, atMs: number, conditionHeld: boolean) =>
      storageRecord({ key: "r1", value, token: null, client, mode: "s3-conditional", atMs, conditionHeld });
    const held = [s3("a", "1", 0, true), s3("b", "2", 1, true)];
    expect(checkFencing({ config: testRunConfig("s3-conditional"), history: [], storage: held })).toMatchObject({ valid: true, conditional: true });
    const ignored = [s3("a", "1", 0, true), s3("b", "2", 1, false)];
    expect(checkFencing({ config: testRunConfig("s3-conditional"), history: [], storage: ignored }))
      .toMatchObject({ valid: "n/a", conditional: false, staleWritesJudged: false });
  });

  it("is unknown when writes were acknowledged but storage recorded nothing", () => {
    const history = historyBuilder().acquire(1, "r1", "1", [0, 1]).write(1, "r1", "v", "1", [2, 3]).build();
    const result = checkFencing({ config: testRunConfig(), history, storage: [] });
    expect(result.valid).toBe("unknown");
    expect(result.storageKnown).toBe(false);
    expect(result.reason).toBe("storage recorded no writes although 1 writes were acknowledged: the ground truth is missing");
  });

  it("judges only what storage did: the lock service's own tokens going backwards are the lock-service checker's", () => {
    const history = historyBuilder().acquire(1, "r1", "44", [0, 10]).acquire(2, "r1", "1", [20, 30]).build();
    const storage = [
      storageRecord({ key: "r1", value: "a", token: "44", client: "1" }),
      storageRecord({ key: "r1", value: "b", token: "1", client: "2", atMs: 1, accepted: false, reason: "stale-token" }),
    ];
    const result = checkFencing({ config: testRunConfig(), history, storage });
    expect(result.valid).toBe(true);
    expect(result.summary).toContain("divergence prevented");
    expect(result).not.toHaveProperty("lockServiceViolations");
  });
});
