import { describe, expect, it } from "vitest";
import { createRng, nodeId, type Cluster, type ClusterNode, type Grudge, type Invoke, type NodeId, type Op, type RunConfig } from "../../core/index.js";
import { nemesisPackage } from "../registry.js";
import { partitionNemesis } from "./partition-nemesis.js";

const MS = 1e6;

function config(lockNodes: number, adapter = "quorum"): RunConfig {
  return {
    name: "t", seed: 1, runtime: "fake", command: "", storeDir: "/tmp/x", timeLimitMs: 60_000, opTimeoutMs: 1000,
    lock: { adapter, nodes: lockNodes },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 3, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults: ["partition-leader-after-grant"], intervalMs: 1000, options: {} },
  };
}

const ctx = (time: number) => ({ time, freeProcesses: new Set(["nemesis" as const]), concurrency: 3, rng: createRng(1) });
const granted: Op = { index: 0, time: 1100 * MS, process: 2, type: "ok", f: "acquire", value: { resource: "r1", token: "9" }, node: nodeId("c3") };
const NODES: ClusterNode[] = ["l1", "l2", "l3", "s1", "c1"].map((id) => ({ id: nodeId(id), role: id[0] === "l" ? "lock" : id[0] === "s" ? "storage" : "client", host: id, ports: {} }) as unknown as ClusterNode);

function stubCluster() {
  let grudge: Grudge = new Map();
  const cluster = {
    nodes: NODES,
    partition: async (g: Grudge) => void (grudge = g),
    heal: async () => void (grudge = new Map()),
    probe: async (from: NodeId, to: NodeId) => (grudge.get(to)?.has(from) ? "timeout" : "refused"),
  };
  return cluster as unknown as Cluster;
}

describe("partition-leader-after-grant", () => {
  it("cuts off, right after a grant, the lock node the client asked, from the other lock nodes only", async () => {
    const gen = nemesisPackage(config(3)).schedule(0).update(ctx(granted.time), granted);
    const r = gen.op(ctx(granted.time));
    if (r === undefined || r === "pending") throw new Error("expected a cut");
    expect(r[0]).toMatchObject({ f: "start-partition", value: { asked: "l3", grant: { process: 2, token: "9", resource: "r1" } } });
    expect(r[0].time).toBeUndefined();
    const nemesis = partitionNemesis({ nowNs: () => 1107 * MS });
    const op: Invoke = { index: 0, time: granted.time, process: "nemesis", type: "invoke", f: r[0].f, value: r[0].value };
    const started = await nemesis.invoke(op, stubCluster(), new AbortController().signal);
    expect(started).toMatchObject({ cut: "l3", struckAfterMs: 7, grudge: { l3: ["l1", "l2"], l1: ["l3"], l2: ["l3"] } });
  });

  it("cuts off the leader it saw last when the run can tell who leads, and asks again after each heal", async () => {
    const gen = nemesisPackage(config(3, "etcd")).schedule(0).update(ctx(granted.time), granted);
    const r = gen.op(ctx(granted.time));
    if (r === undefined || r === "pending") throw new Error("expected a cut");
    let lookups = 0;
    const nemesis = partitionNemesis({ leader: async () => (lookups++, nodeId("l1")), nowNs: () => granted.time, watchesLeader: true });
    const cluster = stubCluster();
    await nemesis.setup(cluster);
    await nemesis.teardown(cluster);
    const op: Invoke = { index: 0, time: granted.time, process: "nemesis", type: "invoke", f: r[0].f, value: r[0].value };
    expect(await nemesis.invoke(op, cluster, new AbortController().signal)).toMatchObject({ cut: "l1", leader: "l1", leaderSeenMsAgo: 0, grudge: { l1: ["l2", "l3"] } });
    await nemesis.invoke({ ...op, f: "stop-partition", value: { package: "partition-leader-after-grant" } }, cluster, new AbortController().signal);
    await nemesis.teardown(cluster);
    expect(lookups).toBe(2);
  });

  it("refuses a run with one lock node: there is nothing to cut it off from", () => {
    expect(() => nemesisPackage(config(1, "reference"))).toThrow(/1 lock node\(s\) leave no other node/);
  });
});
