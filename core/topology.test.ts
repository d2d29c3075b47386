import { describe, expect, it } from "vitest";
import { clientBindings, endpointsFor } from "./topology.js";
import type { RunConfig } from "./run-config.js";

function config(clients: number, lock: RunConfig["lock"]): RunConfig {
  return {
    name: "t", seed: 1, runtime: "fake", command: "", storeDir: "store", timeLimitMs: 1000, opTimeoutMs: 1000, lock,
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults: [], intervalMs: 1000, options: {} },
  };
}

describe("client binding", () => {
  it("gives client i the endpoints rotated to start at node i mod n", () => {
    const endpoints = ["a:1", "b:1", "c:1"];
    expect(endpointsFor(endpoints, 0)).toEqual(["a:1", "b:1", "c:1"]);
    expect(endpointsFor(endpoints, 1)).toEqual(["b:1", "c:1", "a:1"]);
    expect(endpointsFor(endpoints, 4)).toEqual(["b:1", "c:1", "a:1"]);
    expect(endpointsFor([], 2)).toEqual([]);
  });

  it("names each client's node for the report, lock nodes or the user's endpoints", () => {
    expect(clientBindings(config(4, { adapter: "etcd", nodes: 3 }))).toEqual(["c1 -> l1", "c2 -> l2", "c3 -> l3", "c4 -> l1"]);
    expect(clientBindings(config(2, { adapter: "etcd", nodes: 3, endpoints: ["x:2379", "y:2379"] }))).toEqual(["c1 -> x:2379", "c2 -> y:2379"]);
  });
});
