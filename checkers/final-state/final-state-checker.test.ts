import { describe, expect, it } from "vitest";
import { historyBuilder, seedScenario, storageRecord } from "../testing/index.js";
import { checkFinalState } from "./final-state-checker.js";

describe("final-state checker", () => {
  it("is valid when the final value is the write with the highest acknowledged token", () => {
    const result = checkFinalState(seedScenario("fenced"));
    expect(result.valid).toBe(true);
    expect(result.resources[0]).toMatchObject({ resource: "r1", finalValue: "v1-7", finalToken: "34", highestAcknowledged: "34" });
  });

  it("reports a lost update when a stale write overwrote an acknowledged higher one", () => {
    const result = checkFinalState(seedScenario("unfenced"));
    expect(result.valid).toBe(false);
    expect(result.lostUpdates).toHaveLength(1);
    expect(result.lostUpdates[0]?.message).toBe(
      'Final value of "r1" is "v3-2", which was written under token 33, but a write under token 34 was acknowledged',
    );
  });

  it("judges storage that decided every write by version by the order of writes, not by tokens", () => {
    // "a" under token 4 is acknowledged before "b" under token 3 is sent: storage taking "b" last took it over "a".
    const history = historyBuilder()
      .acquire(1, "r", "4", [0, 1]).write(1, "r", "a", "4", [2, 3])
      .acquire(2, "r", "3", [0, 1]).write(2, "r", "b", "3", [4, 5])
      .read(1, "r", "b", "3", [10, 11]).build();
    const byVersion = [
      storageRecord({ key: "r", value: "a", token: "4", client: "1", mode: "cas", conditionHeld: true }),
      storageRecord({ key: "r", value: "b", token: "3", client: "2", mode: "cas", conditionHeld: true }),
    ];
    expect(checkFinalState({ history, storage: byVersion }).valid).toBe(true);
    expect(checkFinalState({ history }).valid).toBe(false);
    const lost = history.map((op) => (op.f === "read" ? { ...op, value: { resource: "r", value: "a", token: "4" } } : op));
    expect(checkFinalState({ history: lost, storage: byVersion }).lostUpdates[0]?.message).toContain("was written before another write was acknowledged");
  });

  it("reports a lost update when storage ends up empty after an acknowledged write", () => {
    const history = historyBuilder().acquire(1, "r", "3", [0, 1]).write(1, "r", "a", "3", [2, 3])
      .read(2, "r", null, null, [10, 11]).build();
    expect(checkFinalState({ history }).lostUpdates[0]?.message).toContain("is empty, which was never written");
  });

  it("accepts the value of an indeterminate write with a higher token", () => {
    const history = historyBuilder()
      .acquire(1, "r", "3", [0, 1]).write(1, "r", "a", "3", [2, 3])
      .acquire(2, "r", "4", [4, 5]).write(2, "r", "b", "4", [6, 7], "info")
      .read(3, "r", "b", "4", [10, 11]).build();
    expect(checkFinalState({ history }).valid).toBe(true);
  });

  it("infers an indeterminate write's token from the writer's lease", () => {
    const history = historyBuilder()
      .acquire(1, "r", "3", [0, 1]).write(1, "r", "a", "3", [2, 3])
      .acquire(2, "r", "2", [4, 5]).op("invoke", 2, "write", { resource: "r", value: "b" }, 6).op("info", 2, "write", { resource: "r", value: "b" }, 7)
      .read(3, "r", "b", "2", [10, 11]).build();
    expect(checkFinalState({ history }).valid).toBe(false);
  });

  it("ignores the value of a rejected write", () => {
    const history = historyBuilder()
      .acquire(1, "r", "3", [0, 1]).write(1, "r", "a", "3", [2, 3]).write(2, "r", "b", "2", [4, 5], "stale")
      .read(3, "r", "b", "2", [10, 11]).build();
    expect(checkFinalState({ history }).valid).toBe(false);
  });

  it("is unknown when a written resource has no read after its last write", () => {
    const history = historyBuilder().read(1, "r", null, null, [0, 1]).acquire(1, "r", "1", [2, 3])
      .write(1, "r", "a", "1", [4, 5]).build();
    const result = checkFinalState({ history });
    expect(result.valid).toBe("unknown");
    expect(result.resources[0]?.message).toContain("No final read");
  });

  it("does not take a read made while an earlier-invoked write was still in flight as the final one, though a later-invoked write had finished", () => {
    // Client 2's write (token 6) is slow: invoked at 10, acknowledged at 100. Client 1's stale write (token 5)
    // is invoked at 20 and acknowledged at 30, and client 3 reads it at 40, before client 2's write lands.
    // No later read succeeded (the run's final read failed), so the final state is unknown, not a lost update.
    const history = historyBuilder()
      .acquire(1, "r", "5", [0, 1]).acquire(2, "r", "6", [5, 6])
      .write(2, "r", "b", "6", [10, 100]).write(1, "r", "a", "5", [20, 30])
      .read(3, "r", "a", "5", [40, 50])
      .op("invoke", 4, "read", { resource: "r" }, 200).op("fail", 4, "read", { resource: "r" }, 210, "timeout")
      .build();
    const result = checkFinalState({ history });
    expect(result.lostUpdates).toEqual([]);
    expect(result.valid).toBe("unknown");
  });

  it("is valid when nothing was written", () => {
    const history = historyBuilder().read(1, "r", null, null, [0, 1]).build();
    expect(checkFinalState({ history })).toMatchObject({ valid: true, resources: [] });
  });
});
