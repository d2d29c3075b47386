import { describe, expect, it } from "vitest";
import type { RunConfig } from "./run-config.js";
import { declaredLease, longestLeaseNs, shortestLeaseNs, ttlSpan } from "./lease-span.js";

function config(lock: Partial<RunConfig["lock"]>): RunConfig {
  return { lock: { adapter: "x", nodes: 1, ...lock }, workload: { ttlMs: 2000 } } as unknown as RunConfig;
}

describe("a lease's TTL in harness time", () => {
  it("stretches the TTL by the server clock's drift and whole-millisecond slack on each side", () => {
    expect([shortestLeaseNs(2000), longestLeaseNs(2000)]).toEqual([1978e6, 2022e6]);
  });

  it("runs out from the shortest lease after the request to the longest after the ok, for a lease nothing renews", () => {
    expect(ttlSpan(config({ lease: { ends: "ttl", timedFrom: "grant" } }), { invokedAt: 1000e6, grantedAt: 1500e6 })).toEqual({ from: 2978e6, by: 3522e6 });
  });

  it("has no certain end for a lease its holder may renew, or one nothing is declared of", () => {
    expect(ttlSpan(config({ lease: { ends: "keep-alive", timedFrom: "request" } }), { invokedAt: 0, grantedAt: 10e6 })).toEqual({ from: 1978e6, by: undefined });
    expect(ttlSpan(config({}), { invokedAt: 0, grantedAt: 10e6 }).by).toBeUndefined();
  });

  it("reads older configs' fixedTtl as a fixed TTL timed from the request, and ignores a malformed declaration", () => {
    expect(declaredLease(config({ fixedTtl: true }))).toEqual({ ends: "ttl", timedFrom: "request" });
    expect(declaredLease(config({ lease: { ends: "forever", timedFrom: "grant" } as unknown as RunConfig["lock"]["lease"] }))).toBeUndefined();
  });
});
