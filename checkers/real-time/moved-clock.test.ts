import { describe, expect, it } from "vitest";
import type { Op, StorageRecord } from "../../core/index.js";
import { historyBuilder, storageRecord, testRunConfig, type HistoryBuilder } from "../testing/index.js";
import { checkRealTime } from "./real-time-checker.js";

// TTL 2000 ms: a lease granted at g has certainly ended after g + 2022 ms, and may end from its request + 1978 ms.
const config = testRunConfig("unfenced", { lock: { adapter: "redlock", nodes: 3, fixedTtl: true } });

/** A nemesis clock op on lock node l1 (invoke, then its completion 1 ms later). */
function clockOp(b: HistoryBuilder, atMs: number, skew: { offsetMs?: number; rate: number }): HistoryBuilder {
  const value = { skews: { l1: skew } };
  return b.op("invoke", "nemesis", "clock", value, atMs).op("info", "nemesis", "clock", { ...value, clocks: { l1: skew.offsetMs ?? 0 } }, atMs + 1);
}

function resetOp(b: HistoryBuilder, atMs: number): HistoryBuilder {
  return b.op("invoke", "nemesis", "reset-clock", { nodes: ["l1"] }, atMs).op("info", "nemesis", "reset-clock", { nodes: ["l1"], clocks: { l1: 0 } }, atMs + 1);
}

/**
 * From `at` ms: client 1 acquires r1 (ok at at + 50, certainly ended by at + 2072); client 2 asks after
 * that grant returned, is granted and writes (acknowledged at at + 1950); client 1 writes at at + 2950.
 * Storage does not decide one write at a time, so only the clock can prove client 1's write stale.
 */
function staleWrite(b: HistoryBuilder, at: number): { history: Op[]; storage: StorageRecord[] } {
  b.op("invoke", 1, "acquire", { resource: "r1" }, at).op("ok", 1, "acquire", { resource: "r1", token: null }, at + 50)
    .op("invoke", 2, "acquire", { resource: "r1" }, at + 100).op("ok", 2, "acquire", { resource: "r1", token: null }, at + 1750)
    .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, at + 1850).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, at + 1950)
    .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, at + 2950).op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, at + 2955);
  const storage = [
    storageRecord({ key: "r1", value: "p2-0", token: null, client: "2", mode: "unfenced", atMs: at + 1900 }),
    storageRecord({ key: "r1", value: "p1-0", token: null, client: "1", mode: "unfenced", atMs: at + 2952 }),
  ];
  return { history: b.build(), storage };
}

const check = (run: { history: Op[]; storage: StorageRecord[] }) => checkRealTime({ config, ...run });

describe("real-time under a moved lock clock", () => {
  it("proves a write stale by the clock when its lease ended before the lock node's clock jumped", () => {
    // Client 1's lease ended by 2072 ms; l1 jumps at 2100 ms, while client 2's lease is live.
    const result = check(staleWrite(clockOp(historyBuilder(), 2100, { offsetMs: 4000, rate: 1 }), 0));
    expect(result).toMatchObject({ valid: false, applicable: true, staleWritesJudged: true, movedClock: { nodes: ["l1"], leases: 1, of: 2 } });
    expect(result.violations).toEqual([expect.objectContaining({ client: 1, evidence: "clock", expiredBy: 2072e6, next: expect.objectContaining({ order: "asked-after" }) })]);
    expect(result.summary).toMatch(/; 1 of 2 leases were live while the nemesis moved the clock of lock node l1, so their length in real time is not known: /);
  });

  it("still proves it when the clock jumped before the lease was asked for: a constant offset does not change a lease's length", () => {
    const result = check(staleWrite(clockOp(historyBuilder(), 100, { offsetMs: -4000, rate: 1 }), 200));
    expect(result).toMatchObject({ valid: false, movedClock: { leases: 0, of: 2 } });
    expect(result.summary).not.toMatch(/leases were live while/);
  });

  it("does not judge by the clock a write on a lease that was live while the clock jumped, nor one that ran at another rate", () => {
    for (const skew of [{ offsetMs: 4000, rate: 1 }, { rate: 2 }]) {
      const result = check(staleWrite(clockOp(historyBuilder(), 1000, skew), 0));
      expect(result).toMatchObject({ valid: true, applicable: true, undecided: 1, staleWritesJudged: false, violations: [], movedClock: { leases: 2, of: 2 } });
      expect(result.reason).toMatch(/^left 1 accepted write\(s\) undecided: .*; 2 of 2 leases were live while the nemesis moved the clock of lock node l1/);
    }
    // A rate set before the lease was asked for, and never reset, stretches it all the same.
    expect(check(staleWrite(clockOp(historyBuilder(), 100, { rate: 0.5 }), 200))).toMatchObject({ valid: true, undecided: 1 });
  });

  it("does not count in time a write that completed before its lease could have ended, when the lock node's clock jumped under that lease", () => {
    // Client 1 is granted at 100 ms; l1 jumps forward at 110 ms, which may end its lease at once; client 2, asking
    // after that grant returned, is granted at 200 ms and writes; client 1's write, sent at 150 ms, completes at 1900 ms.
    const run = (b: HistoryBuilder): Op[] => b
      .op("invoke", 1, "acquire", { resource: "r1" }, 50).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
      .op("invoke", 2, "acquire", { resource: "r1" }, 130).op("ok", 2, "acquire", { resource: "r1", token: null }, 200)
      .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 150)
      .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 300).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 400)
      .op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 1900).build();
    // With steady clocks it completed before 50 + 1978 = 2028 ms, inside its lease.
    expect(checkRealTime({ config, history: run(historyBuilder()), storage: [] })).toMatchObject({ valid: true, undecided: 0, staleWritesJudged: true });
    const jumped = checkRealTime({ config, history: run(clockOp(historyBuilder(), 110, { offsetMs: 4000, rate: 1 })), storage: [] });
    // Client 2 asked after the jump: its lease is timed on a steady (moved) clock, and its write is judged in time.
    expect(jumped).toMatchObject({ valid: true, undecided: 1, staleWritesJudged: false, movedClock: { leases: 1, of: 2 } });
  });

  it("judges a lease asked for after the clock was reset, and none while it ran at another rate before", () => {
    const drifted = (b: HistoryBuilder) => clockOp(b, 10, { rate: 0.5 });
    const reset = check(staleWrite(resetOp(drifted(historyBuilder()), 1000), 1100));
    expect(reset).toMatchObject({ valid: false, movedClock: { leases: 0, of: 2 } });
    expect(reset.violations[0]).toMatchObject({ evidence: "clock", expiredBy: (1100 + 2072) * 1e6 });
    // Reset only after the lease was asked for: the lease was timed while the clock ran slow.
    expect(check(staleWrite(resetOp(drifted(historyBuilder()), 1200), 1100))).toMatchObject({ valid: true, undecided: 1, movedClock: { leases: 2, of: 2 } });
  });
});
