import { describe, expect, it } from "vitest";
import type { RunConfig, StorageRecord } from "../../core/index.js";
import { historyBuilder, storageRecord, testRunConfig } from "../testing/index.js";
import { checkRealTime } from "./real-time-checker.js";

const config = testRunConfig("unfenced", { lock: { adapter: "redlock", nodes: 3, fixedTtl: true } });

interface Shape {
  /** When client 2 invokes the acquire of its grant (client 1's returned at 100 ms). */
  readonly nextAcquireAt?: number;
  /** Which write the storage node decided first (its record comes first in the log): client 2's by default. */
  readonly staleFirst?: boolean;
  /** The time on client 1's record (by its node's clock) and on client 2's. */
  readonly staleStoredAt?: number;
  readonly nextStoredAt?: number;
  /** Fields of every storage record. */
  readonly record?: Partial<StorageRecord>;
  /** The storage node that decided client 1's write (client 2's: s1). */
  readonly staleNode?: string;
  /** A lock node was killed before the run's grants. */
  readonly killed?: boolean;
  /** The lock node's clock was moved while the run's leases were live ("jump"), or by an op whose skew names no rate ("unreadable"). */
  readonly lockClockMoved?: "jump" | "unreadable";
  /** The run's config (default: redlock, a fixed TTL). */
  readonly runConfig?: RunConfig;
}

/**
 * Client 1 acquires r1 (ok at 100 ms) and sends its write at 150 ms, well within its 2 s lease; the write
 * stays in flight (its client paused) while client 2 is granted r1 and writes; storage decides client 1's
 * write after client 2's. By the harness's clock alone the write was sent in time.
 */
function check(shape: Shape = {}) {
  const { nextAcquireAt = 2200, staleFirst = false, staleStoredAt = 5000, nextStoredAt = 2350, record = { mode: "unfenced", serial: true }, staleNode = "s1", killed = false, lockClockMoved, runConfig = config } = shape;
  const b = historyBuilder();
  if (killed) b.op("invoke", "nemesis", "kill", { nodes: ["l1"] }, 20).op("info", "nemesis", "kill", { nodes: ["l1"] }, 21);
  if (lockClockMoved) {
    const skews = { l1: lockClockMoved === "jump" ? { offsetMs: 4000, rate: 1 } : { offsetMs: 4000 } };
    b.op("invoke", "nemesis", "clock", { skews }, 2250).op("info", "nemesis", "clock", { skews }, 2251);
  }
  b.op("invoke", 1, "acquire", { resource: "r1" }, 50).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
    .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 150)
    .op("invoke", 2, "acquire", { resource: "r1" }, nextAcquireAt).op("ok", 2, "acquire", { resource: "r1", token: null }, 2300)
    .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 2310).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 2400)
    .op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 5005);
  const next = storageRecord({ key: "r1", value: "p2-0", token: null, client: "2", atMs: nextStoredAt, ...record });
  const stale = storageRecord({ key: "r1", value: "p1-0", token: null, client: "1", atMs: staleStoredAt, ...record, node: staleNode });
  return checkRealTime({ config: runConfig, history: b.build(), storage: staleFirst ? [stale, next] : [next, stale] });
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

  it("needs the later holder's write decided first, on the same node", () => {
    expect(check({ staleFirst: true }).valid).toBe(true);
    expect(check({ staleNode: "s2" }).valid).toBe(true);
  });

  it("takes the order of decisions from the node's records, never from their times, which a clock fault on the node moves", () => {
    // The node's clock was set back 4 s between the two decisions: client 1's write, decided first, reads 4 s later.
    expect(check({ staleFirst: true, staleStoredAt: 150, nextStoredAt: 2350 - 4000 }).valid).toBe(true);
    expect(check({ staleStoredAt: 5000, nextStoredAt: 9000 }).valid).toBe(false);
  });

  it("finds a correct lock over fenced storage valid when storage's clock was set back 4 s between two writes", () => {
    const reference = testRunConfig("fenced", { lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
    const history = historyBuilder()
      .acquire(1, "r1", "1", [50, 100]).write(1, "r1", "p1-0", "1", [150, 160]).release(1, "r1", "1", [170, 180])
      .acquire(2, "r1", "2", [190, 200]).write(2, "r1", "p2-0", "2", [250, 260]).release(2, "r1", "2", [270, 280])
      .build();
    const storage = [
      storageRecord({ key: "r1", value: "p1-0", token: "1", client: "1", atMs: 155, serial: true }),
      storageRecord({ key: "r1", value: "p2-0", token: "2", client: "2", atMs: 255 - 4000, highest: "1", serial: true }),
    ];
    expect(checkRealTime({ config: reference, history, storage })).toMatchObject({ valid: true, violations: [] });
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

  it("does not prove a write stale by a later holder's write a power loss rolled back, and leaves it undecided when that write's fate is unknown", () => {
    // Client 2's write is decided, then s1 loses power before the fsync: client 2 never hears back. After the
    // restart s1 decides client 1's write, sent at 150 ms. Our storage's highest token shows it had lost token 2.
    const reference = testRunConfig("fenced", { lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
    const history = historyBuilder()
      .acquire(1, "r1", "1", [50, 100]).op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 150)
      .acquire(2, "r1", "2", [2200, 2300]).op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 2310)
      .op("invoke", "nemesis", "power-loss", { nodes: ["s1"] }, 2400).op("ok", "nemesis", "power-loss", { nodes: ["s1"] }, 3400)
      .op("info", 2, "write", { resource: "r1", value: "p2-0", token: "2" }, 4310, "timeout")
      .op("ok", 1, "write", { resource: "r1", value: "p1-0", token: "1" }, 5005)
      .build();
    const storage = (mode: string, highest: string | null) => [
      storageRecord({ key: "r1", value: "p2-0", token: "2", client: "2", atMs: 2350, serial: true, mode }),
      storageRecord({ key: "r1", value: "p1-0", token: "1", client: "1", atMs: 5000, serial: true, mode, highest }),
    ];
    // Not stale by storage's order (token 2 was lost); still undecided, as client 1's write completed after its lease may have ended.
    expect(checkRealTime({ config: reference, history, storage: storage("fenced", null) })).toMatchObject({ valid: true, undecided: 1, violations: [] });
    expect(checkRealTime({ config: reference, history, storage: storage("fenced", "2") }).valid).toBe(false);
    const s3 = checkRealTime({ config: reference, history, storage: storage("s3", null) });
    expect(s3).toMatchObject({ valid: true, undecided: 1, staleWritesJudged: false, violations: [] });
    expect(s3.reason).toMatch(/1 decided by storage after a write under a later grant that was never acknowledged/);
  });

  it("runs in its asked-after form where no expiry is certain: a keep-alive lease, or a lock node's clock moved by an op it cannot read", () => {
    const keepAlive = testRunConfig("unfenced", { lock: { adapter: "proper-lockfile", nodes: 1, lease: { ends: "keep-alive", timedFrom: "request" } } });
    const paused = check({ runConfig: keepAlive });
    expect(paused).toMatchObject({ valid: false, applicable: true, staleWritesJudged: true });
    expect(paused.violations[0]).toMatchObject({ client: 1, evidence: "storage-order", expiredBy: 2300e6, next: expect.objectContaining({ client: 2, order: "asked-after" }) });
    expect(check({ lockClockMoved: "unreadable" }).violations[0]?.next.order).toBe("asked-after");
  });

  it("orders a grant by exclusion only when its lease was timed on steady lock clocks, and by asking whatever the clocks did", () => {
    // Client 2's lease, asked at 90 ms and granted at 2300 ms, was live when l1's clock jumped at 2250 ms; client 1's had certainly ended (2122 ms).
    expect(check({ nextAcquireAt: 90 }).violations[0]?.next.order).toBe("exclusion");
    // Both writes are left undecided: neither grant is known to come first, and client 2's lease may have ended before its write completed.
    expect(check({ nextAcquireAt: 90, lockClockMoved: "jump" })).toMatchObject({ valid: true, applicable: true, undecided: 2, violations: [] });
    const asked = check({ lockClockMoved: "jump" });
    expect(asked.violations[0]).toMatchObject({ evidence: "storage-order", next: expect.objectContaining({ order: "asked-after" }) });
    // Client 1's lease was steady: its certain expiry stands beside the proof.
    expect(asked.violations[0]?.expiredBy).toBe(2122e6);
  });

  it("leaves the run n/a, naming the proof it tried, where only exclusion would order the grants or storage decided in time order", () => {
    const keepAlive = testRunConfig("unfenced", { lock: { adapter: "proper-lockfile", nodes: 1, lease: { ends: "keep-alive", timedFrom: "request" } } });
    for (const result of [check({ runConfig: keepAlive, nextAcquireAt: 90 }), check({ runConfig: keepAlive, staleFirst: true }), check({ lockClockMoved: "unreadable", nextAcquireAt: 90 })]) {
      expect(result).toMatchObject({ valid: "n/a", applicable: false, staleWritesJudged: false, violations: [] });
      expect(result.reason).toMatch(/; storage's own order \(a write decided after another client's write under a grant asked for after the writer's returned\) found no stale write$/);
    }
  });
});
