import { describe, expect, it } from "vitest";
import type { StorageRecord } from "../../core/index.js";
import { historyBuilder, storageRecord, testRunConfig } from "../testing/index.js";
import { checkRealTime } from "./real-time-checker.js";

const config = testRunConfig("unfenced", { lock: { adapter: "redlock", nodes: 3, fixedTtl: true } });

interface Shape {
  /** When client 2 invokes the acquire of its grant (client 1's returned at 100 ms). */
  readonly nextAcquireAt?: number;
  /** When storage decided client 1's write, and client 2's. */
  readonly staleStoredAt?: number;
  readonly nextStoredAt?: number;
  /** Fields of every storage record. */
  readonly record?: Partial<StorageRecord>;
  /** The storage node that decided client 1's write (client 2's: s1). */
  readonly staleNode?: string;
  /** A lock node was killed before the run's grants. */
  readonly killed?: boolean;
}

/**
 * Client 1 acquires r1 (ok at 100 ms) and sends its write at 150 ms, well within its 2 s lease; the write
 * stays in flight (its client paused) while client 2 is granted r1 and writes; storage decides client 1's
 * write at 5000 ms. By the harness's clock alone the write was sent in time.
 */
function check(shape: Shape = {}) {
  const { nextAcquireAt = 2200, staleStoredAt = 5000, nextStoredAt = 2350, record = { mode: "unfenced", serial: true }, staleNode = "s1", killed = false } = shape;
  const b = historyBuilder();
  if (killed) b.op("invoke", "nemesis", "kill", { nodes: ["l1"] }, 20).op("info", "nemesis", "kill", { nodes: ["l1"] }, 21);
  b.op("invoke", 1, "acquire", { resource: "r1" }, 50).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
    .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 150)
    .op("invoke", 2, "acquire", { resource: "r1" }, nextAcquireAt).op("ok", 2, "acquire", { resource: "r1", token: null }, 2300)
    .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 2310).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 2400)
    .op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 5005);
  const storage = [
    storageRecord({ key: "r1", value: "p2-0", token: null, client: "2", atMs: nextStoredAt, ...record }),
    storageRecord({ key: "r1", value: "p1-0", token: null, client: "1", atMs: staleStoredAt, ...record, node: staleNode }),
  ];
  return checkRealTime({ config, history: b.build(), storage });
}

describe("stale writes proved by storage's own order", () => {
  it("finds a write sent within its lease that a serial storage node accepted after a later holder's write", () => {
    const result = check();
    expect(result).toMatchObject({ valid: false, staleWritesJudged: true, undecided: 0 });
    expect(result.violations).toEqual([expect.objectContaining({
      client: 1, value: "p1-0", evidence: "storage-order", invokedAt: 150e6, acceptedAt: 5000e6,
      next: expect.objectContaining({ client: 2, value: "p2-0", order: "asked-after", storedAt: 2350e6, acknowledgedAt: 2400e6 }),
    })]);
    expect(result.summary).toBe(`real-time: ${result.violations[0]?.description}`);
    expect(result.summary).toMatch(/accepted "p1-0" on "r1" from client 1 at 5\.000 s \(sent at 0\.150 s\), after it had accepted client 2's write "p2-0" under a later grant at 2\.350 s/);
  });

  it("has no verdict when storage does not decide one write at a time, and counts the write as undecided", () => {
    expect(check({ record: { mode: "unfenced" } })).toMatchObject({ valid: true, undecided: 1, violations: [] });
  });

  it("needs the later holder's write decided strictly first, on the same node", () => {
    expect(check({ staleStoredAt: 2350 }).valid).toBe(true);
    expect(check({ staleStoredAt: 2350 + 1e-6 }).valid).toBe(false);
    expect(check({ staleStoredAt: 2000 }).valid).toBe(true);
    expect(check({ staleNode: "s2" }).valid).toBe(true);
  });

  it("needs the other grant certainly later: asked for after the writer's returned, or later by exclusion where no lock node was killed", () => {
    // Asked at 90 ms, before client 1's grant returned, and granted at 2300 ms: had it come first, its lease
    // (at least 1978 ms from 90 ms) would still have been running at 100 ms.
    expect(check({ nextAcquireAt: 90 }).violations[0]?.next.order).toBe("exclusion");
    expect(check({ nextAcquireAt: 90, killed: true }).valid).toBe(true);
    expect(check({ nextAcquireAt: 100 + 1e-6, killed: true }).violations[0]?.next.order).toBe("asked-after");
  });

  it("finds nothing when storage accepted the write because the version its writer read was still current", () => {
    expect(check({ record: { mode: "cas", serial: true, conditionHeld: true } }).valid).toBe(true);
    expect(check({ record: { mode: "cas", serial: true, conditionHeld: false } }).valid).toBe(false);
  });
});
