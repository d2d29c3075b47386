import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRng, nodeId, runNodes, type Cluster, type Generator, type Invoke, type NodeId, type Op, type RunConfig } from "../../../core/index.js";
import { lockNodeAt, nemesisPackage, resolveNemesis, type NemesisContext } from "../../../nemesis/index.js";
import { createFakeRuntime, fakeLeaderLookup, type FakeCall } from "../../runtime/fake/fake-runtime.js";
import { probeLeaderLookup } from "./lock-leader.js";
import { refuseLeaderlessFaults } from "../refusals/refuse-faults.js";
import { runTest } from "../lifecycle/run-test.js";

function config(faults: string[], seed = 1, adapter = "etcd"): RunConfig {
  return {
    name: "t", seed, runtime: "fake", command: "", storeDir: mkdtempSync(join(tmpdir(), "fc-leader-store-")), timeLimitMs: 1000, opTimeoutMs: 1000,
    lock: { adapter, nodes: 3 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options: {} },
  };
}

async function fakeCluster(leaders: readonly (string | undefined)[], opts: { exec?: string } = {}) {
  const answers = [...leaders];
  const runtime = createFakeRuntime(opts.exec !== undefined ? { exec: () => ({ stdout: `${opts.exec}\n` }) } : {});
  const cluster = await runtime.start(runNodes(config([])), { runId: "t" });
  const ctx: NemesisContext = leaders.length > 0 ? { leader: fakeLeaderLookup(() => answers.shift() as NodeId | undefined, runtime.calls) } : {};
  return { cluster, ctx, calls: runtime.calls };
}

/** Runs a package's schedule against its nemesis on `cluster`, completing each op with what the nemesis returned. */
async function play(faults: string[], target: { cluster: Cluster; ctx: NemesisContext }, count: number): Promise<Op[]> {
  const { cluster } = target;
  const pkg = nemesisPackage(config(faults), target.ctx);
  let gen: Generator = pkg.schedule(0);
  const ctx = (time: number) => ({ time, freeProcesses: new Set(["nemesis" as const]), concurrency: 1, rng: createRng(0) });
  const done: Op[] = [];
  for (let i = 0; i < count; i++) {
    const result = gen.op(ctx(0));
    if (result === undefined || result === "pending") throw new Error("expected a nemesis op");
    const time = result[0].time ?? 0;
    const invoke: Invoke = { index: i, time, process: "nemesis", type: "invoke", f: result[0].f, value: result[0].value };
    const value = await pkg.nemesis.invoke(invoke, cluster, new AbortController().signal);
    const info: Op = { ...invoke, type: "info", value };
    gen = result[1].update(ctx(time), invoke).update(ctx(time), info);
    done.push(info);
  }
  return done;
}

function faultCalls(calls: readonly FakeCall[]): FakeCall[] {
  return calls.filter((c) => ["partition", "heal", "pause", "resume", "freeze", "thaw", "lock-leader"].includes(c.kind));
}

describe("partition-leader", () => {
  it("isolates whichever lock node the lookup names at each fault from the other lock nodes, then heals", async () => {
    const run = await fakeCluster(["l2", "l3"]);
    const calls = run.calls;
    const ops = await play(["partition-leader"], run, 4);
    expect(ops.map((op) => op.f)).toEqual(["start-partition", "stop-partition", "start-partition", "stop-partition"]);
    expect(ops[0]?.value).toMatchObject({ leader: "l2", grudge: { l1: ["l2"], l2: ["l1", "l3"], l3: ["l2"] } });
    expect(ops[2]?.value).toMatchObject({ leader: "l3", grudge: { l1: ["l3"], l2: ["l3"], l3: ["l1", "l2"] } });
    expect(faultCalls(calls).map((c) => c.kind)).toEqual(["lock-leader", "partition", "heal", "lock-leader", "partition", "heal"]);
  });

  it("records leader null and cuts nothing when no node leads", async () => {
    const run = await fakeCluster([undefined]);
    const calls = run.calls;
    const [start] = await play(["partition-leader"], run, 1);
    expect(start?.value).toMatchObject({ leader: null, grudge: {} });
    expect(calls.some((c) => c.kind === "partition")).toBe(false);
  });

  it("fails the op, not silently, on a cluster that cannot tell who leads", async () => {
    await expect(play(["partition-leader"], await fakeCluster([]), 1)).rejects.toMatchObject({ code: "nemesis.unsupported-fault" });
  });
});

describe("pause-leader", () => {
  it("freezes the node the lookup names and thaws that same node", async () => {
    const run = await fakeCluster(["l3"]);
    const calls = run.calls;
    const [pause, resume] = await play(["pause-leader"], run, 2);
    expect(pause?.value).toMatchObject({ nodes: ["l3"], leader: "l3", mode: "freeze" });
    expect(resume).toMatchObject({ f: "resume", value: { nodes: ["l3"] } });
    expect(faultCalls(calls)).toEqual([{ kind: "lock-leader", leader: "l3" }, { kind: "freeze", node: "l3" }, { kind: "thaw", node: "l3" }]);
  });

  it("records leader null and pauses nothing when no node leads", async () => {
    const run = await fakeCluster([undefined]);
    const calls = run.calls;
    const [pause, resume] = await play(["pause-leader"], run, 2);
    expect(pause?.value).toMatchObject({ nodes: [], leader: null });
    expect(resume?.value).toMatchObject({ nodes: [] });
    expect(faultCalls(calls).map((c) => c.kind)).toEqual(["lock-leader"]);
  });
});

describe("leader-aimed faults without a leader lookup", () => {
  it("are refused before anything starts, in one line naming the fault and the service", async () => {
    const runtime = createFakeRuntime();
    await expect(runTest(config(["pause", "pause-leader"], 1, "reference"), { runtime })).rejects.toThrow(
      /^Cannot run nemesis "pause-leader": lock service "reference" cannot tell who leads$/,
    );
    expect(runtime.calls).toEqual([]);
  });

  it("are allowed for an adapter that has leader, and other faults never need one", () => {
    const adapter = { name: "x", connect: async () => ({ acquire: async () => ({ token: 1 }), release: async () => undefined }) };
    expect(() => refuseLeaderlessFaults(resolveNemesis(config(["partition-leader"])), { ...adapter, leader: async () => undefined })).not.toThrow();
    expect(() => refuseLeaderlessFaults(resolveNemesis(config(["partition", "pause"])), adapter)).not.toThrow();
    expect(() => refuseLeaderlessFaults(resolveNemesis(config(["partition-leader"])), adapter)).toThrow(/cannot tell who leads/);
  });
});

describe("probeLeaderLookup", () => {
  it("runs the adapter's leader() in the given node and maps the endpoint to its lock node", async () => {
    const { cluster, calls } = await fakeCluster([], { exec: JSON.stringify({ leader: "10.77.0.11:7001" }) });
    const lookup = probeLeaderLookup(cluster, { adapterSource: "etcd", endpoints: ["10.77.0.10:7001"], from: nodeId("c1"), program: "/no-build/lock-probe.js" });
    await expect(lookup()).resolves.toBe("l2");
    expect(calls.find((c) => c.kind === "exec")).toMatchObject({ node: "c1", argv: expect.arrayContaining(["leader", "--adapter", "etcd", "--endpoints", "10.77.0.10:7001"]) });
  });

  it("answers undefined when the probe finds no leader", async () => {
    const { cluster } = await fakeCluster([], { exec: JSON.stringify({ leader: null }) });
    const lookup = probeLeaderLookup(cluster, { adapterSource: "etcd", endpoints: [], from: nodeId("c1"), program: "/no-build/lock-probe.js" });
    await expect(lookup()).resolves.toBeUndefined();
  });

  it("maps only lock nodes' addresses, in host:port or URL form", async () => {
    const { cluster } = await fakeCluster([]);
    expect(lockNodeAt(cluster.nodes, "10.77.0.12:7001")).toBe("l3");
    expect(lockNodeAt(cluster.nodes, "http://10.77.0.10:7001/")).toBe("l1");
    expect(lockNodeAt(cluster.nodes, "10.77.0.13:7001")).toBeUndefined();
  });
});
