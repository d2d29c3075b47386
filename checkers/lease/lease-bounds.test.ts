import { describe, expect, it } from "vitest";
import type { LeaseEnd, RunConfig } from "../../core/index.js";
import { historyBuilder, testRunConfig } from "../testing/index.js";
import { leaseAt } from "./lease-columns.js";
import { leasesOf, leaseTable } from "./lease-bounds.js";
import { leaseRules, longestLeaseNs, shortestLeaseNs } from "./lease-rules.js";
import { lockClockMoves } from "./lock-clock-moves.js";

const base = testRunConfig("fenced"); // ttl 2000 ms, lock nodes l1..l3

function rules(ends: LeaseEnd, timedFrom: "grant" | "request" = "grant") {
  const config: RunConfig = { ...base, lock: { ...base.lock, lease: { ends, timedFrom } } };
  return leaseRules(config);
}

describe("the lease model", () => {
  it("stretches a TTL by 1% and 2 ms each way for the lock server's clock", () => {
    expect([shortestLeaseNs(2000), longestLeaseNs(2000)]).toEqual([1978e6, 2022e6]);
  });

  it("assumes the least of a service that declared nothing, and reads an older run's fixedTtl as a fixed TTL from the request", () => {
    expect(leaseRules(base)).toMatchObject({ ends: "client-session", timedFrom: "request", declared: false, certainExpiry: false });
    const old = leaseRules({ ...base, lock: { ...base.lock, fixedTtl: true } });
    expect(old).toMatchObject({ ends: "ttl", timedFrom: "request", declared: true, certainExpiry: true });
    expect(leaseRules({ ...base, lock: { ...base.lock, lease: { ends: "forever", timedFrom: "grant" } as never } }).declared).toBe(false);
  });

  it("ends a lease no earlier than its release's invoke or its shortest TTL, and certainly by its release's ok or longest TTL", () => {
    const history = historyBuilder().acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [100, 110]).acquire(2, "r1", "2", [200, 210]).build();
    const [released, held] = leasesOf(history, rules("ttl"));
    expect(released).toMatchObject({ mayEndFrom: 100e6, endedBy: 110e6, believedUntil: 100e6 });
    expect(held).toMatchObject({ mayEndFrom: 200e6 + 1978e6, endedBy: 210e6 + 2022e6 });
  });

  it("raises a grant's lower bound along the token order, but never past its ok, and only for TTLs timed from the grant", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [500, 510])
      .acquire(2, "r1", "2", [100, 600]).acquire(3, "r1", "3", [200, 700])
      .build();
    const byToken = (ends: LeaseEnd, from: "grant" | "request") => leasesOf(history, rules(ends, from)).map((l) => l.grantNoEarlierThan / 1e6);
    // Grant 2 after release 1 was invoked (500); grant 3 after lease 2 could have ended: 500 + 1978, clipped to its ok (700).
    expect(byToken("ttl", "grant")).toEqual([0, 500, 700]);
    expect(byToken("ttl", "request")).toEqual([0, 100, 200]);
  });

  it("ends a client-session lease at its retired client's last reply and at a fault that breaks a lock node's connections", () => {
    const retired = historyBuilder().acquire(1, "r1", "1", [0, 10]).write(1, "r1", "v", "1", [20, 30]).write(1, "r1", "w", "1", [40, 900], "info").build();
    expect(leasesOf(retired, rules("client-session"))[0]).toMatchObject({ retiredAt: 30e6, mayEndFrom: 30e6, believedUntil: 900e6 });
    expect(leasesOf(retired, rules("session-timeout", "request"))[0]).toMatchObject({ retiredAt: 30e6, mayEndFrom: 1978e6 });
    const killed = (node: string) => historyBuilder().acquire(1, "r1", "1", [0, 10])
      .op("invoke", "nemesis", "kill", { nodes: [node] }, 400).op("info", "nemesis", "kill", { nodes: [node] }, 420).build();
    expect(leasesOf(killed("l1"), rules("client-session"))[0]?.mayEndFrom).toBe(400e6);
    expect(leasesOf(killed("s1"), rules("client-session"))[0]?.mayEndFrom).toBe(1978e6);
    expect(leasesOf(killed("l1"), rules("ttl"))[0]?.mayEndFrom).toBe(1978e6);
  });

  it("passes on along the token order only the grant's place, not its TTL, from a lease live while a lock node's clock moved", () => {
    const b = historyBuilder().acquire(1, "r1", "1", [0, 10]).acquire(2, "r1", "2", [100, 2100]).acquire(3, "r1", "3", [150, 2200]);
    const steady = leaseTable(b.build(), rules("ttl"));
    expect(Array.from(steady.grantNoEarlierThan, (t) => t / 1e6)).toEqual([0, 1978, 2200]);
    // l1 jumps at 5 ms, under lease 1 only: lease 1 may have ended at once, so grant 2 is known only to follow grant 1.
    const jumped = b.op("invoke", "nemesis", "clock", { skews: { l1: { offsetMs: 4000, rate: 1 } } }, 5).op("info", "nemesis", "clock", { skews: { l1: { offsetMs: 4000, rate: 1 } } }, 6).build();
    const t = leaseTable(jumped, rules("ttl"), lockClockMoves(jumped, rules("ttl").lockNodes));
    expect(Array.from(t.steadyClock)).toEqual([0, 1, 1]);
    expect(Array.from(t.grantNoEarlierThan, (x) => x / 1e6)).toEqual([0, 100, 100 + 1978]);
    // Nor is its expiry certain any more: only a release would end it.
    expect(leaseAt(t, 0).endedBy).toBeUndefined();
    expect(leaseAt(t, 1).endedBy).toBe((2100 + 2022) * 1e6);
  });

  it("keeps a lease steady when it was released before a lock node's clock jumped, whatever its TTL", () => {
    const jumpAt = (b: ReturnType<typeof historyBuilder>) => b.op("invoke", "nemesis", "clock", { skews: { l1: { offsetMs: 4000, rate: 1 } } }, 150)
      .op("info", "nemesis", "clock", { skews: { l1: { offsetMs: 4000, rate: 1 } } }, 151).build();
    const steadyOf = (history: ReturnType<typeof jumpAt>) => Array.from(leaseTable(history, rules("ttl"), lockClockMoves(history, rules("ttl").lockNodes)).steadyClock);
    expect(steadyOf(jumpAt(historyBuilder().acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [100, 110])))).toEqual([1]);
    expect(steadyOf(jumpAt(historyBuilder().acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [100, 150])))).toEqual([0]);
    expect(steadyOf(jumpAt(historyBuilder().acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [100, 110], true)))).toEqual([0]);
  });
});
