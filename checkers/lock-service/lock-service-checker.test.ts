import { describe, expect, it } from "vitest";
import type { LeaseEnd, RunConfig } from "../../core/index.js";
import { historyBuilder, seedScenario, testRunConfig, type HistoryBuilder } from "../testing/index.js";
import { checkLockService } from "./lock-service-checker.js";

const config = testRunConfig("fenced"); // ttl 2000 ms

function withLease(ends: LeaseEnd, timedFrom: "grant" | "request"): RunConfig {
  return { ...config, lock: { ...config.lock, lease: { ends, timedFrom } } };
}

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
    // Both live from 20 ms until the earlier request's shortest lease ends: 0 + 2000 ms less 1% and 2 ms.
    expect(result.doubleGrants[0]).toMatchObject({ resource: "r1", proof: "overlap", overlapStart: 20e6, overlapEnd: 1978e6 });
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

  it("keeps a retired holder's fixed-TTL lease live until its TTL, but not a lease that ends with the client's session", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .write(1, "r1", "v", "1", [20, 500], "info")
      .acquire(2, "r1", "2", [600, 610])
      .acquire(3, "r1", "3", [2700, 2710])
      .build();
    const fixed = checkLockService({ config: withLease("ttl", "grant"), history });
    expect(fixed.doubleGrants.map((d) => [d.first.token, d.second.token])).toEqual([["1", "2"]]);
    expect(checkLockService({ config: withLease("client-session", "grant"), history }).doubleGrants).toEqual([]);
  });

  it("proves the double grant of the issue's tokens 6, 7, 8 of r2 by narrowing grant 7 along the token order", () => {
    // Grant 6 came at >= 7.407 s and its release was invoked at 7.41 s, so a correct service granted 7
    // (asked at 6.058 s, returned at 7.488 s) no earlier than 7.41 s: lease 7 ran to >= 7.41 + 1.978 s,
    // and grant 8, returned at 8.065 s with a higher token, came while it was live.
    const history = historyBuilder()
      .acquire(2, "r2", "7", [6058, 7488])
      .acquire(3, "r2", "8", [7000, 8065])
      .acquire(1, "r2", "6", [7407, 7408])
      .release(1, "r2", "6", [7410, 7485])
      .build();
    const narrowed = checkLockService({ config: withLease("ttl", "grant"), history });
    expect(narrowed.valid).toBe(false);
    expect(narrowed.doubleGrants).toHaveLength(1);
    expect(narrowed.doubleGrants[0]).toMatchObject({ proof: "token-order", first: { token: "7", grantNoEarlierThan: 7410e6, mayEndFrom: 9388e6 }, second: { token: "8" } });
    // Without the narrowing (a TTL a replica may start at the request), grant 7 may have come at 6.058 s: nothing is proven.
    expect(checkLockService({ config: withLease("ttl", "request"), history }).valid).toBe(true);
  });

  describe("for a service without tokens", () => {
    /** An acquire whose ok carries no token, as redis, redlock and the npm lock libraries answer. */
    function acquire(b: HistoryBuilder, process: number, resource: string, [t0, t1]: readonly [number, number]): HistoryBuilder {
      return b.op("invoke", process, "acquire", { resource }, t0).op("ok", process, "acquire", { resource, token: null }, t1);
    }

    it("finds two concurrent acquires both granted while both leases were live", () => {
      const history = acquire(acquire(historyBuilder(), 1, "r1", [0, 20]), 2, "r1", [5, 15]).build();
      const result = checkLockService({ config: withLease("ttl", "request"), history });
      expect(result.valid).toBe(false);
      expect(result.doubleGrants).toHaveLength(1);
      expect(result.doubleGrants[0]).toMatchObject({ proof: "overlap", overlapStart: 20e6, overlapEnd: 1978e6, first: { token: undefined } });
      expect(result.summary).toMatch(/client 2 \(no token\) and client 1 \(no token\) at once/);
    });

    it("finds a grant asked for after another's grant returned, and returned before that lease's release or earliest end", () => {
      // The proper-lockfile run: client 1 held r2 from 8.094 s to its release at 8.262 s; client 4 asked at 8.148 s and got it at 8.186 s.
      let b = acquire(historyBuilder(), 1, "r2", [8050, 8094]);
      b = acquire(b, 4, "r2", [8148, 8186]).release(1, "r2", "", [8262, 8270]);
      const result = checkLockService({ config: withLease("keep-alive", "request"), history: b.build() });
      expect(result.valid).toBe(false);
      expect(result.doubleGrants.map((d) => [d.proof, d.first.process, d.second.process])).toEqual([["asked-after", 1, 4]]);
      expect(result.summary).toContain('"r2" was granted to client 4 (no token) by 8.186 s, asked for after client 1\'s grant (no token)');
    });

    it("finds no double grant when the earlier lease may have expired before the later grant: its grant may have come at its invoke", () => {
      // Client 1 asked at 0 s and was answered at 3 s: a lease timed from the request may have ended at 1.978 s.
      const history = acquire(acquire(historyBuilder(), 1, "r1", [0, 3000]), 2, "r1", [3050, 3100]).build();
      const result = checkLockService({ config: withLease("ttl", "grant"), history });
      expect(result.doubleGrants).toEqual([]);
      expect(result.valid).toBe(true);
    });

    it("does not order token-less grants by a token: the issue's tokens 6, 7, 8 without tokens prove nothing", () => {
      let b = acquire(historyBuilder(), 2, "r2", [6058, 7488]);
      b = acquire(acquire(b, 3, "r2", [7000, 8065]), 1, "r2", [7407, 7408]).release(1, "r2", "", [7410, 7485]);
      expect(checkLockService({ config: withLease("ttl", "grant"), history: b.build() }).valid).toBe(true);
    });

    it("accepts a grant made after the holder invoked its release", () => {
      let b = acquire(historyBuilder(), 1, "r1", [0, 10]).release(1, "r1", "", [100, 300]);
      b = acquire(b, 2, "r1", [150, 200]);
      expect(checkLockService({ config: withLease("ttl", "grant"), history: b.build() }).valid).toBe(true);
    });
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
