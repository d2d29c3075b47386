import { describe, expect, it } from "vitest";
import type { Op, StorageRecord } from "../../core/index.js";
import { historyBuilder, storageRecord, type HistoryBuilder, seedScenario, testRunConfig } from "../testing/index.js";
import { checkRealTime } from "./real-time-checker.js";

// TTL 2000 ms: a lease granted (acquire ok) at 100 ms has certainly ended after 100 + 2000 * 1.01 + 2 = 2122 ms.
const config = testRunConfig("unfenced", { lock: { adapter: "redlock", nodes: 3, fixedTtl: true } });
const EXPIRED_BY_MS = 2122;

interface Shape {
  /** When client 1 (the stale writer) invokes its write. */
  readonly staleWriteAt?: number;
  /** When client 2 invokes the acquire of its later grant. */
  readonly nextAcquireAt?: number;
  /** When client 2's write is acknowledged. */
  readonly nextAckAt?: number;
  /** How client 1's write completes. */
  readonly outcome?: "ok" | "fail" | "info";
}

/** Client 1 acquires r1 (ok at 100 ms) and is paused; client 2 acquires later and writes; client 1 writes late. No tokens. */
function run(shape: Shape = {}): { b: HistoryBuilder; storage: StorageRecord[] } {
  const { staleWriteAt = 3000, nextAcquireAt = 150, nextAckAt = 2000, outcome = "ok" } = shape;
  const b = historyBuilder()
    .op("invoke", 1, "acquire", { resource: "r1" }, 50).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
    .op("invoke", 1, "read", { resource: "r1" }, 101).op("ok", 1, "read", { resource: "r1", value: null, token: null }, 102)
    .op("invoke", 2, "acquire", { resource: "r1" }, nextAcquireAt).op("ok", 2, "acquire", { resource: "r1", token: null }, 1800)
    .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 1900).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, nextAckAt)
    .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, staleWriteAt);
  if (outcome === "ok") b.op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, staleWriteAt + 5);
  if (outcome === "fail") b.op("fail", 1, "write", { resource: "r1", value: "p1-0", token: null }, staleWriteAt + 5, "version-conflict");
  if (outcome === "info") b.op("info", 1, "write", { resource: "r1", value: "p1-0", token: null }, staleWriteAt + 5, "timeout");
  const storage = [
    storageRecord({ key: "r1", value: "p2-0", token: null, client: "2", mode: "unfenced", atMs: 1950 }),
    storageRecord({ key: "r1", value: "p1-0", token: null, client: "1", mode: "unfenced", atMs: staleWriteAt + 2, accepted: outcome !== "fail" }),
  ];
  return { b, storage };
}

function check(shape: Shape = {}, history?: Op[]) {
  const { b, storage } = run(shape);
  return checkRealTime({ config, history: history ?? b.build(), storage });
}

describe("real-time checker", () => {
  it("is invalid when storage accepted a write sent after its lease certainly expired and after a later holder's acknowledged write", () => {
    const result = check();
    expect(result.valid).toBe(false);
    expect(result.applicable).toBe(true);
    expect(result.violations).toEqual([expect.objectContaining({
      key: "r1", client: 1, value: "p1-0", expiredBy: EXPIRED_BY_MS * 1e6, invokedAt: 3000e6, acceptedAt: 3002e6,
      next: expect.objectContaining({ client: 2, value: "p2-0", acknowledgedAt: 2000e6 }),
    })]);
    expect(result.summary).toContain("certainly expired by 2.122 s");
    expect(result.summary).toContain("client 2's write \"p2-0\"");
  });

  it("has no verdict for a write sent at the certain expiry, and finds one a nanosecond later", () => {
    expect(check({ staleWriteAt: EXPIRED_BY_MS }).valid).toBe(true);
    expect(check({ staleWriteAt: EXPIRED_BY_MS + 1e-6 }).valid).toBe(false);
  });

  it("takes the expiry from the acquire's ok, not its invoke: a write after invoke + TTL may still be inside the lease", () => {
    // Acquire invoked at 50 ms: 50 + 2022 = 2072 ms < 2100 ms, yet the lease may have started at 100 ms.
    const result = check({ staleWriteAt: 2100 });
    expect(result.valid).toBe(true);
    expect(result.undecided).toBe(1);
  });

  it("counts a write sent inside its lease as undecided when it completed after the lease could have ended and a later holder's write came before it", () => {
    // Sent at 150 ms, well inside the lease; its client paused with it in flight and heard back at 5005 ms.
    const sentEarly = historyBuilder()
      .op("invoke", 1, "acquire", { resource: "r1" }, 50).op("ok", 1, "acquire", { resource: "r1", token: null }, 100)
      .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 150)
      .op("invoke", 2, "acquire", { resource: "r1" }, 2200).op("ok", 2, "acquire", { resource: "r1", token: null }, 2300)
      .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 2310).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 2400)
      .op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 5005).build();
    const result = checkRealTime({ config, history: sentEarly, storage: [] });
    expect(result).toMatchObject({ valid: true, undecided: 1, staleWritesJudged: false });
  });

  it("judges a write in time when it completed before its lease could have ended, or when no other client's write could have reached storage before it", () => {
    // The lease asked at 50 ms may end from 50 + 1978 = 2028 ms.
    expect(check({ staleWriteAt: 2022 })).toMatchObject({ valid: true, undecided: 0 });
    expect(check({ staleWriteAt: 2024 })).toMatchObject({ valid: true, undecided: 1 });
    // Client 2 asked for its grant only after client 1's write returned: nothing of it could come first.
    expect(check({ staleWriteAt: 2100, nextAcquireAt: 2106, nextAckAt: 2200 })).toMatchObject({ valid: true, undecided: 0 });
  });

  it.each(["kill", "power-loss"])("after a %s of a lock node, needs the other grant asked for after the writer's grant returned", (crash) => {
    const killed = (nextAcquireAt: number): Op[] => run({ nextAcquireAt }).b
      .op("invoke", "nemesis", crash, { nodes: ["l1"] }, 20).op("info", "nemesis", crash, { nodes: ["l1"] }, 21).build();
    const concurrent = check({}, killed(100));
    expect(concurrent.valid).toBe(true);
    expect(concurrent.undecided).toBe(1);
    expect(concurrent.staleWritesJudged).toBe(false);
    const later = check({}, killed(100 + 1e-6));
    expect(later.valid).toBe(false);
    expect(later.violations[0]?.next.order).toBe("asked-after");
  });

  /**
   * Client 1 asks at 0 and is granted at 2100; client 2 asks at `askedAt`, is granted at 1500, writes
   * and releases at `releasedAt`; client 1 writes at 5000, after its certain expiry (4122).
   */
  function overlapping(askedAt: number, releasedAt: number): Op[] {
    return historyBuilder()
      .op("invoke", 1, "acquire", { resource: "r1" }, 0).op("invoke", 2, "acquire", { resource: "r1" }, askedAt)
      .op("ok", 2, "acquire", { resource: "r1", token: null }, 1500)
      .op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 1510).op("ok", 2, "write", { resource: "r1", value: "p2-0", token: null }, 1600)
      .op("invoke", 2, "release", { resource: "r1" }, releasedAt).op("ok", 2, "release", { resource: "r1" }, releasedAt + 1)
      .op("ok", 1, "acquire", { resource: "r1", token: null }, 2100)
      .op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 5000).op("ok", 1, "write", { resource: "r1", value: "p1-0", token: null }, 5005)
      .build();
  }

  it("orders overlapping grants by exclusion: had the other come first, its lease would have been unexpired and unreleased at the writer's grant", () => {
    // A shortest lease is 2000 * 0.99 - 2 = 1978 ms: asked at 122 ms, it may have ended by 2100 ms.
    expect(checkRealTime({ config, history: overlapping(122, 2200), storage: [] }).valid).toBe(true);
    const excluded = checkRealTime({ config, history: overlapping(122 + 1e-6, 2200), storage: [] });
    expect(excluded.valid).toBe(false);
    expect(excluded.violations[0]?.next).toMatchObject({ client: 2, order: "exclusion" });
    // Released at or before the writer's grant returned: it may simply have come first.
    expect(checkRealTime({ config, history: overlapping(1000, 2100), storage: [] }).valid).toBe(true);
    expect(checkRealTime({ config, history: overlapping(1000, 2100 + 1e-6), storage: [] }).valid).toBe(false);
  });

  it("needs the other write acknowledged before the stale write was sent", () => {
    expect(check({ staleWriteAt: 2600, nextAckAt: 2600 }).valid).toBe(true);
    expect(check({ staleWriteAt: 2600, nextAckAt: 2600 - 1e-6 }).valid).toBe(false);
  });

  it("finds nothing when storage rejected the late write", () => {
    const result = check({ outcome: "fail" });
    expect(result.valid).toBe(true);
    expect(result.violations).toEqual([]);
  });

  it("finds nothing when storage accepted the late write because the version its writer read was still current, and finds it when storage ignored a failed condition", () => {
    const { b, storage } = run();
    const conditional = (held: boolean) => storage.map((r) => (r.client === "1" ? { ...r, mode: "cas", conditionHeld: held } : r));
    expect(checkRealTime({ config, history: b.build(), storage: conditional(true) }).valid).toBe(true);
    expect(checkRealTime({ config, history: b.build(), storage: conditional(false) }).valid).toBe(false);
  });

  it("takes storage's record as the truth for a write whose client never heard back", () => {
    expect(check({ outcome: "info" }).valid).toBe(false);
    const { b, storage } = run({ outcome: "info" });
    const unrecorded = checkRealTime({ config, history: b.build(), storage: storage.filter((r) => r.client !== "1") });
    expect(unrecorded.valid).toBe(true);
  });

  it("does not count the writer's own later writes, nor a write after it released", () => {
    const { b, storage } = run();
    const history = b.build().map((op) => (op.process === 2 ? { ...op, process: 1 } : op));
    expect(checkRealTime({ config, history, storage }).valid).toBe(true);
    const released = run().b.op("invoke", 1, "release", { resource: "r1" }, 200).op("ok", 1, "release", { resource: "r1" }, 210).build();
    expect(check({}, released.sort((x, y) => x.time - y.time)).valid).toBe(true);
  });

  it("judges the stale-write question when it found a stale write or left no write undecided", () => {
    expect(check()).toMatchObject({ valid: false, staleWritesJudged: true });
    expect(check({ staleWriteAt: 1000 })).toMatchObject({ valid: true, undecided: 0, staleWritesJudged: true, summary: "" });
  });

  it("names the writes it left undecided after the stale write it found", () => {
    // Besides client 1's stale write, client 3 sends a write on r2 inside its lease and hears back long after it,
    // while client 4, granted r2 once client 3's lease may have ended, writes r2.
    const { b, storage } = run();
    const history = b
      .op("invoke", 3, "acquire", { resource: "r2" }, 3100).op("ok", 3, "acquire", { resource: "r2", token: null }, 3200)
      .op("invoke", 4, "acquire", { resource: "r2" }, 3150).op("ok", 4, "acquire", { resource: "r2", token: null }, 5300)
      .op("invoke", 3, "write", { resource: "r2", value: "p3-0" }, 5000)
      .op("invoke", 4, "write", { resource: "r2", value: "p4-0" }, 5400).op("ok", 4, "write", { resource: "r2", value: "p4-0", token: null }, 5500)
      .op("ok", 3, "write", { resource: "r2", value: "p3-0", token: null }, 9005).build();
    const result = checkRealTime({ config, history, storage });
    expect(result).toMatchObject({ valid: false, undecided: 1, staleWritesJudged: true });
    expect(result.summary).toMatch(/; 1 other accepted write\(s\) left undecided$/);
  });

  it("says in its line how many accepted writes it left undecided, and then does not judge the stale-write question", () => {
    // Client 2 writes only after client 1's late write was sent: nothing certainly later came before it.
    const result = check({ nextAckAt: 3500 });
    expect(result).toMatchObject({ valid: true, undecided: 1, staleWritesJudged: false });
    expect(result.summary).toMatch(/^real-time: left 1 accepted write\(s\) undecided: /);
    expect(result.reason).toBe(result.summary.slice("real-time: ".length));
  });

  it("is not applicable for a service that does not declare a fixed TTL", () => {
    const { b, storage } = run();
    const result = checkRealTime({ config: testRunConfig("unfenced", { lock: { adapter: "etcd", nodes: 3 } }), history: b.build(), storage });
    expect(result).toMatchObject({ valid: "n/a", applicable: false, staleWritesJudged: false, violations: [] });
    expect(result.reason).toContain("etcd");
  });

  it("judges no lease by its TTL while a lock node's clock runs at another rate, and judges them all when only a client's or a storage node's clock moved", () => {
    const skew = (node: string): Op[] => run().b
      .op("invoke", "nemesis", "clock", { skews: { [node]: { rate: 0.5 } } }, 60)
      .op("info", "nemesis", "clock", { skews: { [node]: { rate: 0.5 } }, clocks: { [node]: 0 } }, 61).build();
    expect(check({}, skew("l1"))).toMatchObject({ valid: true, applicable: true, undecided: 1, staleWritesJudged: false, movedClock: { nodes: ["l1"], leases: 2, of: 2 } });
    expect(check({}, skew("c1")).valid).toBe(false);
    // The run's topology, not the node's name, says what a lock node is: s1 is storage.
    expect(check({}, skew("s1"))).toMatchObject({ valid: false, applicable: true });
  });

  it("judges by the adapter's lease declaration as stored in the config, as an older run's fixedTtl", () => {
    const { b, storage } = run();
    const declared = testRunConfig("unfenced", { lock: { adapter: "redlock", nodes: 3, lease: { ends: "ttl", timedFrom: "request" } } });
    expect(checkRealTime({ config: declared, history: b.build(), storage }).valid).toBe(false);
    const session = testRunConfig("unfenced", { lock: { adapter: "postgres", nodes: 1, lease: { ends: "client-session", timedFrom: "grant" } } });
    expect(checkRealTime({ config: session, history: b.build(), storage })).toMatchObject({ valid: "n/a", applicable: false });
  });

  it("is a second line of evidence on the seed's unfenced run with tokens, and finds the fenced run's stale write rejected", () => {
    const fixed = { lock: { adapter: "reference", nodes: 1, fixedTtl: true } };
    expect(checkRealTime({ ...seedScenario("unfenced"), config: testRunConfig("unfenced", fixed) }).valid).toBe(false);
    expect(checkRealTime({ ...seedScenario("fenced"), config: testRunConfig("fenced", fixed) }).valid).toBe(true);
  });
});
