import { describe, expect, it } from "vitest";
import { historyBuilder, seedScenario, testRunConfig } from "../testing/index.js";
import { checkLockService } from "../lock-service/index.js";
import { checkLeaseOverlap } from "./lease-overlap-checker.js";

const config = testRunConfig("fenced"); // ttl 2000 ms
/** A token-less service with a fixed TTL (redis, redlock): `lease.ends: "ttl"`. */
const tokenless = testRunConfig("fenced", { lock: { ...config.lock, adapter: "redlock", lease: { ends: "ttl", timedFrom: "grant" } } });

/** An acquire of `resource` by `p` over [t0, t1] ms that the service granted without a token. */
function grant(b: ReturnType<typeof historyBuilder>, p: number, resource: string, [t0, t1]: [number, number]) {
  return b.op("invoke", p, "acquire", { resource }, t0).op("ok", p, "acquire", { resource, token: null }, t1);
}
/** A release of `resource` by `p` over [t0, t1] ms, of a lease without a token. */
function release(b: ReturnType<typeof historyBuilder>, p: number, resource: string, [t0, t1]: [number, number]) {
  return b.op("invoke", p, "release", { resource }, t0).op("ok", p, "release", { resource, token: null }, t1);
}

describe("lease-overlap checker", () => {
  it("is valid and reports afterExpiry when a paused holder overlaps a grant made after expiry", () => {
    const result = checkLeaseOverlap(seedScenario("fenced"));
    expect(result.valid).toBe(true);
    expect(result.overlaps).toHaveLength(1);
    const [o] = result.overlaps;
    expect(o).toMatchObject({
      resource: "r1", afterExpiry: true, certain: false, earlierWrites: "rejected", savedByFencing: true,
      first: { process: 3, token: "33", node: "c2" }, second: { process: 1, token: "34" },
      overlapStart: 4120e6, overlapEnd: 4150e6,
    });
  });

  it("says fencing did not save the data when the earlier holder's write was accepted", () => {
    const result = checkLeaseOverlap(seedScenario("unfenced"));
    expect(result.overlaps[0]).toMatchObject({ earlierWrites: "accepted", savedByFencing: false });
  });

  it("is invalid when the lock service grants a resource to a second client before the first lease expired", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .acquire(2, "r1", "2", [100, 110])
      .release(1, "r1", "1", [500, 510])
      .release(2, "r1", "2", [600, 610])
      .build();
    const result = checkLeaseOverlap({ config, history });
    expect(result.valid).toBe(false);
    expect(result.overlaps[0]).toMatchObject({ certain: true, afterExpiry: false, earlierWrites: "none" });
  });

  it("is invalid, as lock-service is, when two concurrent acquires both returned while neither lease could have ended", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 50])
      .acquire(2, "r1", "2", [20, 60])
      .release(1, "r1", "1", [500, 510])
      .build();
    const result = checkLeaseOverlap({ config, history });
    expect(result.valid).toBe(false);
    expect(result.overlaps).toHaveLength(1);
    expect(result.overlaps[0]).toMatchObject({ certain: true, overlapEnd: 500e6 });
  });

  it("is valid when the second acquire was invoked before the first one completed and the first was released before the second returned", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 50])
      .acquire(2, "r1", "2", [20, 60])
      .release(1, "r1", "1", [55, 58])
      .build();
    expect(checkLeaseOverlap({ config, history }).valid).toBe(true);
  });

  it("finds no overlap when the first holder released before the second grant", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .release(1, "r1", "1", [20, 30])
      .acquire(2, "r1", "2", [40, 50])
      .build();
    expect(checkLeaseOverlap({ config, history })).toMatchObject({ valid: true, overlaps: [] });
  });

  it("ends a retired process's belief at its last op", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .write(1, "r1", "a", "1", [20, 30], "info")
      .acquire(2, "r1", "2", [40, 50])
      .build();
    expect(checkLeaseOverlap({ config, history }).overlaps).toEqual([]);
  });

  it("keeps a belief open to the end of the history when the holder never released", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .acquire(2, "r1", "2", [3000, 3010])
      .read(2, "r1", null, null, [3020, 3030])
      .build();
    const result = checkLeaseOverlap({ config, history });
    expect(result.valid).toBe(true);
    expect(result.overlaps[0]).toMatchObject({ afterExpiry: true, overlapEnd: 3030e6 });
  });

  describe("with leases that carry no token", () => {
    it("is invalid, as lock-service is, when a second client was granted the resource, asked for after the first grant, before its lease could have ended", () => {
      const b = historyBuilder();
      grant(b, 1, "r1", [0, 10]);
      grant(b, 2, "r1", [100, 110]);
      release(b, 1, "r1", [500, 510]);
      const history = b.build();
      const result = checkLeaseOverlap({ config: tokenless, history });
      expect(result.valid).toBe(false);
      expect(result.overlaps).toEqual([expect.objectContaining({ certain: true, first: expect.objectContaining({ process: 1, token: undefined }) })]);
      expect(checkLockService({ config: tokenless, history }).valid).toBe(false);
    });

    it("is valid, and reports the overlap, when a paused holder's belief outlived a lease that may have expired before the next grant", () => {
      const b = historyBuilder();
      grant(b, 1, "r1", [0, 10]);
      grant(b, 2, "r1", [2500, 2510]);
      b.op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 3000).op("fail", 1, "write", { resource: "r1", value: "p1-0", token: null }, 3010, "version-conflict");
      release(b, 1, "r1", [3100, 3110]);
      const result = checkLeaseOverlap({ config: tokenless, history: b.build() });
      expect(result.valid).toBe(true);
      expect(result.overlaps).toEqual([expect.objectContaining({ certain: false, afterExpiry: true, earlierWrites: "rejected", overlapStart: 2510e6, overlapEnd: 3100e6 })]);
    });

    it("is valid when the two acquires were concurrent and the first holder released before the second grant returned", () => {
      const b = historyBuilder();
      grant(b, 1, "r1", [0, 50]);
      grant(b, 2, "r1", [20, 60]);
      release(b, 1, "r1", [55, 58]);
      expect(checkLeaseOverlap({ config: tokenless, history: b.build() }).valid).toBe(true);
    });

    it("makes no claim when a service that declared nothing may have ended the first lease with its client's session", () => {
      // Undeclared leases may end at a kill of a lock node: the second grant after it proves nothing.
      const b = historyBuilder();
      grant(b, 1, "r1", [0, 10]);
      b.op("invoke", "nemesis", "kill", { nodes: ["l1"] }, 50).op("info", "nemesis", "kill", { nodes: ["l1"] }, 60);
      grant(b, 2, "r1", [100, 110]).read(2, "r1", null, null, [120, 130]);
      const history = b.build();
      const undeclared = testRunConfig("fenced", { lock: { ...config.lock, adapter: "redis" } });
      expect(checkLeaseOverlap({ config: undeclared, history })).toMatchObject({ valid: true, overlaps: [expect.objectContaining({ certain: false })] });
      expect(checkLockService({ config: undeclared, history }).valid).toBe(true);
    });
  });
});
