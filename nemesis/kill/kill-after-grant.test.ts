import { describe, expect, it } from "vitest";
import { createRng, nodeId, type Cluster, type Generator, type Invoke, type Op, type RunConfig } from "../../core/index.js";
import { findFaultPackage, nemesisPackage } from "../registry.js";
import { killNemesis } from "./kill-nemesis.js";

const MS = 1e6;

function config(lock: Partial<RunConfig["lock"]> = {}, options: RunConfig["nemesis"]["options"] = {}): RunConfig {
  return {
    name: "t", seed: 1, runtime: "fake", command: "", storeDir: "/tmp/x", timeLimitMs: 60_000, opTimeoutMs: 1000,
    lock: { adapter: "etcd", nodes: 3, ...lock },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 5, resources: 2, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults: ["kill-after-grant"], intervalMs: 1000, options },
  };
}

const ctx = (time: number) => ({ time, freeProcesses: new Set(["nemesis" as const]), concurrency: 5, rng: createRng(1) });

function granted(process: number, time: number, token = "17"): Op {
  return { index: 0, time, process, type: "ok", f: "acquire", value: { resource: "r1", token }, node: nodeId(`c${(process % 5) + 1}`) };
}

/** The op the generator asks for now, if any. */
function ask(gen: Generator, time: number) {
  const r = gen.op(ctx(time));
  return r === undefined || r === "pending" ? undefined : r;
}

/** Invokes the op the generator asks for at `time` and completes it `info` at `doneAt`, its value with `struck` added (what the nemesis chose). */
function perform(gen: Generator, time: number, doneAt = time, struck: object = {}): [Op, Generator] {
  const r = ask(gen, time);
  if (!r) throw new Error("expected an op");
  const invoke: Op = { index: 0, time, process: "nemesis", type: "invoke", f: r[0].f, value: r[0].value };
  const info: Op = { ...invoke, type: "info", time: doneAt, value: { ...(r[0].value as object), ...struck } };
  return [invoke, r[1].update(ctx(time), invoke).update(ctx(doneAt), info)];
}

describe("kill-after-grant schedule", () => {
  it("kills nothing before the first interval has passed, and nothing without a grant", () => {
    const gen = nemesisPackage(config()).schedule(0);
    expect(ask(gen, 5000 * MS)).toBeUndefined();
    expect(ask(gen.update(ctx(500 * MS), granted(0, 500 * MS)), 500 * MS)).toBeUndefined();
  });

  it("kills at once, without a scheduled time, the lock node the granted client asked, naming the grant", () => {
    const gen = nemesisPackage(config()).schedule(0).update(ctx(1200 * MS), granted(4, 1200 * MS));
    const r = ask(gen, 1200 * MS);
    expect(r?.[0].time).toBeUndefined();
    expect(r?.[0]).toMatchObject({
      f: "kill",
      value: { package: "kill-after-grant", nodes: [], asked: "l2", aim: "leader", grant: { process: 4, resource: "r1", token: "17", client: "c5", time: 1200 * MS } },
    });
  });

  it("restarts the node the kill struck durationMs after the kill, and waits an interval before the next", () => {
    let gen = nemesisPackage(config({}, { "kill-after-grant": { durationMs: 500 } })).schedule(0).update(ctx(1200 * MS), granted(1, 1200 * MS));
    [, gen] = perform(gen, 1200 * MS, 1203 * MS, { nodes: ["l1"], leader: "l1" });
    expect(ask(gen.update(ctx(1300 * MS), granted(0, 1300 * MS)), 1300 * MS)?.[0]).toMatchObject({ f: "restart", time: 1703 * MS, value: { nodes: ["l1"] } });
    [, gen] = perform(gen, 1703 * MS, 1900 * MS);
    expect(ask(gen.update(ctx(2500 * MS), granted(2, 2500 * MS)), 2500 * MS)).toBeUndefined();
    expect(ask(gen.update(ctx(2950 * MS), granted(2, 2950 * MS)), 2950 * MS)?.[0]).toMatchObject({ f: "kill", value: { asked: "l3" } });
  });

  it("names the asked node in the kill's invoke when the target is the asked node", () => {
    const gen = nemesisPackage(config({}, { "kill-after-grant": { target: "asked" } })).schedule(0).update(ctx(1200 * MS), granted(4, 1200 * MS));
    expect(ask(gen, 1200 * MS)?.[0]).toMatchObject({ f: "kill", value: { nodes: ["l2"], aim: "asked" } });
  });

  it("ignores failed acquires and grants without a token", () => {
    const gen = nemesisPackage(config()).schedule(0);
    const failed: Op = { ...granted(0, 1500 * MS), type: "fail", error: { code: "lock-busy", message: "busy", definite: true } } as Op;
    const tokenless: Op = { ...granted(0, 1500 * MS), value: { resource: "r1", token: null } };
    expect(ask(gen.update(ctx(1500 * MS), failed), 1500 * MS)).toBeUndefined();
    expect(ask(gen.update(ctx(1500 * MS), tokenless), 1500 * MS)).toBeUndefined();
  });

  it("refuses a run that starts no lock nodes, and a target it does not know", () => {
    expect(() => nemesisPackage(config({ endpoints: ["10.0.0.1:2379"] }))).toThrow(/starts no lock nodes/);
    expect(() => nemesisPackage(config({}, { "kill-after-grant": { target: "random" } }))).toThrow(/"leader" or "asked"/);
  });

  it("is listed with its limits and prefers the leader without requiring one", () => {
    const spec = findFaultPackage("kill-after-grant");
    expect(spec.description).toMatch(/durationMs \(default 2000\).*one per interval/);
    expect(spec.prefersLeader).toBe(true);
    expect(spec.needsLeader).toBeUndefined();
  });
});

function recordingCluster() {
  const calls: string[] = [];
  const cluster = {
    async kill(node: string) {
      calls.push(`kill ${node}`);
    },
    async restart(node: string) {
      calls.push(`restart ${node}`);
    },
  } as unknown as Cluster;
  return { cluster, calls };
}

function killOp(aim: "leader" | "asked"): Invoke {
  const value = { package: "kill-after-grant", nodes: ["l2"], asked: "l2", aim, grant: { process: 1, resource: "r1", token: "17", client: "c2", time: 1000 * MS } };
  return { index: 0, time: 1000 * MS, process: "nemesis", type: "invoke", f: "kill", value };
}

const SIGNAL = new AbortController().signal;

describe("kill nemesis aimed at a grant", () => {
  it("kills the asked node when the run cannot tell who leads, and records how long after the grant it struck", async () => {
    const { cluster, calls } = recordingCluster();
    const nemesis = killNemesis({ nowNs: () => 1004.25 * MS });
    expect(await nemesis.invoke(killOp("leader"), cluster, SIGNAL)).toMatchObject({ nodes: ["l2"], struckAfterMs: 4.25 });
    await nemesis.teardown(cluster);
    expect(calls).toEqual(["kill l2", "restart l2"]);
  });

  it("kills the leader it saw last (asked at setup and after each restart), and the asked node when none led", async () => {
    const { cluster, calls } = recordingCluster();
    let leader: string | undefined = "l3";
    let now = 900 * MS;
    const nemesis = killNemesis({ leader: async () => leader as ReturnType<typeof nodeId> | undefined, nowNs: () => now, watchesLeader: true });
    await nemesis.setup(cluster);
    await nemesis.teardown(cluster);
    now = 1002 * MS;
    expect(await nemesis.invoke(killOp("leader"), cluster, SIGNAL)).toMatchObject({ nodes: ["l3"], leader: "l3", leaderSeenMsAgo: 102, asked: "l2", struckAfterMs: 2 });
    leader = undefined;
    await nemesis.invoke({ ...killOp("leader"), f: "restart", value: { package: "kill-after-grant", nodes: ["l3"] } }, cluster, SIGNAL);
    await nemesis.teardown(cluster);
    expect(await nemesis.invoke(killOp("leader"), cluster, SIGNAL)).toMatchObject({ nodes: ["l2"], leader: null });
    expect(calls).toEqual(["kill l3", "restart l3", "kill l2"]);
  });

  it("sends the SIGKILL before its first await, whether or not it watches the leader", () => {
    const { cluster, calls } = recordingCluster();
    void killNemesis({ leader: async () => nodeId("l3"), watchesLeader: true }).invoke(killOp("leader"), cluster, SIGNAL);
    void killNemesis().invoke(killOp("asked"), cluster, SIGNAL);
    expect(calls).toEqual(["kill l2", "kill l2"]);
  });

  it("strikes the asked node when the target is the asked node, whoever leads", async () => {
    const { cluster, calls } = recordingCluster();
    const nemesis = killNemesis({ leader: async () => nodeId("l3"), watchesLeader: true });
    await nemesis.setup(cluster);
    await nemesis.teardown(cluster);
    const value = await nemesis.invoke(killOp("asked"), cluster, SIGNAL);
    expect(value).toMatchObject({ nodes: ["l2"] });
    expect(value).not.toHaveProperty("leader");
    expect(calls).toEqual(["kill l2"]);
  });
});

describe("the leader watch", () => {
  it("runs only for a kind with a fault aimed at a grant, so other leader faults get every lookup", async () => {
    const { cluster } = recordingCluster();
    let lookups = 0;
    const plain = killNemesis({ leader: async () => (lookups++, nodeId("l3")) });
    await plain.setup(cluster);
    await plain.teardown(cluster);
    expect(lookups).toBe(0);
  });

  it("is started by the run's package for the kind that has kill-after-grant, and not for kill-lock alone", async () => {
    const { cluster } = recordingCluster();
    const counted = async (faults: string[]) => {
      let lookups = 0;
      const pkg = nemesisPackage({ ...config(), nemesis: { faults, intervalMs: 1000, options: {} } }, { leader: async () => (lookups++, nodeId("l3")) });
      await pkg.nemesis.setup(cluster);
      await pkg.nemesis.teardown(cluster);
      return lookups;
    };
    expect(await counted(["kill-lock", "kill-after-grant"])).toBe(1);
    expect(await counted(["kill-lock", "partition-leader"])).toBe(0);
  });
});
