import { describe, expect, it } from "vitest";
import type { LeaseDeclaration } from "../../core/index.js";
import { historyBuilder, storageRecord, testRunConfig } from "../testing/index.js";
import { checkRealTime } from "./real-time-checker.js";

interface Shape {
  /** The adapter's lease declaration (default: proper-lockfile's, renewed by the holder's process). */
  readonly lease?: LeaseDeclaration;
  /** When the nemesis asks to resume client 1's node (its freeze returned at 140 ms). */
  readonly resumeAt?: number;
  /** The nemesis moved a clock during the run. */
  readonly clockMoved?: boolean;
}

/**
 * Client 1 acquires r1 (ok at 100 ms) and is frozen (the pause returns at 140 ms); client 2 asks for r1
 * after that grant, gets it and writes (acknowledged at 2400 ms); client 1 wakes and sends its write at
 * 2600 ms. Storage does not decide one write at a time, so only the frozen holder's lease can judge it.
 */
function check(shape: Shape = {}) {
  const { lease = { ends: "keep-alive", timedFrom: "request", renewedBy: "holder-process" }, resumeAt = 2500, clockMoved = false } = shape;
  const config = testRunConfig("unfenced", { lock: { adapter: "proper-lockfile", nodes: 1, lease } });
  const b = historyBuilder({ nodes: { 1: "c1", 2: "c2" } })
    .acquire(1, "r1", null as never, [50, 100])
    .pause(["c1"], { process: 1, resource: "r1", token: null, reason: "holder" }, [110, 140])
    .acquire(2, "r1", null as never, [200, 2300]).write(2, "r1", "p2-0", null as never, [2310, 2400])
    .resume(["c1"], [resumeAt, resumeAt + 1])
    .write(1, "r1", "p1-0", null as never, [2600, 2610]);
  if (clockMoved) b.op("invoke", "nemesis", "clock", { skews: { c3: { offsetMs: 4000 } } }, 20).op("info", "nemesis", "clock", { skews: { c3: { offsetMs: 4000 } } }, 21);
  const storage = [
    storageRecord({ key: "r1", value: "p2-0", token: null, client: "2", atMs: 2350, mode: "unfenced" }),
    storageRecord({ key: "r1", value: "p1-0", token: null, client: "1", atMs: 2605, mode: "unfenced" }),
  ];
  return checkRealTime({ config, history: b.build(), storage });
}

describe("the keep-alive lease of a frozen holder", () => {
  it("had certainly ended one TTL after the freeze returned, when its own process renews it and it stayed frozen that long", () => {
    const result = check();
    expect(result).toMatchObject({ valid: false, applicable: true, staleWritesJudged: true });
    // 140 ms + the longest 2000 ms lease (+1% and 2 ms).
    expect(result.violations[0]).toMatchObject({ client: 1, evidence: "clock", expiredBy: 140e6 + 2022e6, next: expect.objectContaining({ client: 2, order: "asked-after" }) });
  });

  it("has no bound when the holder was resumed before it, when renewals cross the network, or when a clock was moved", () => {
    expect(check({ resumeAt: 2000 }).valid).toBe("n/a");
    expect(check({ lease: { ends: "keep-alive", timedFrom: "request" } }).valid).toBe("n/a");
    expect(check({ clockMoved: true }).valid).toBe("n/a");
    expect(check({ resumeAt: 2000 }).reason).toMatch(/and the expiry of frozen holders' leases found no stale write$/);
  });
});
