/**
 * Leader-aimed faults against a real 3-node etcd and a real 3-node ZooKeeper
 * ensemble on the local runtime (real namespaces and processes; needs root
 * and `npm run build`): the adapter's `leader()`, run inside a client node,
 * names one of the lock nodes, and short runs under `partition-leader` and
 * `pause-leader` cut off or freeze that node, heal it, and stay valid with
 * fenced storage.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Command } from "commander";
import { nodeId, type Cluster, type Info, type NodeId, type Op, type Runtime } from "../../../core/index.js";
import { main } from "../../cli/main.js";
import { addRunOptions } from "../../cli/run-command.js";
import { optionsToConfig, type RunOptions } from "../../cli/options-to-config.js";
import { createLocalRuntime } from "../../runtime/index.js";
import { probeLeaderLookup } from "./lock-leader.js";
import { resolveRun } from "../resolve/resolve-run.js";
import { runTest } from "../lifecycle/run-test.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-leader-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

const COMMON = ["--storage", "fenced", "--clients", "3", "--resources", "1", "--seed", "5", "--store", store];
const LOCK_NODES = ["l1", "l2", "l3"];

async function runCli(nemesis: string, lock = "etcd"): Promise<{ code: number; history: Op[] }> {
  const io = { out: () => undefined, err: () => undefined, isTty: false };
  const args = ["run", "--lock", lock, "--nemesis", nemesis, "--time-limit", "10", "--name", `${lock}-${nemesis}`, ...COMMON];
  const code = await main(args, io, { cwd: process.cwd(), signal: new AbortController().signal });
  const lines = readFileSync(join(store, "latest", "history.jsonl"), "utf8").trim().split("\n");
  return { code, history: lines.map((line) => JSON.parse(line) as Op) };
}

function nemesisInfos(history: readonly Op[], f: string): Info[] {
  return history.filter((op): op is Info => op.process === "nemesis" && op.type === "info" && op.f === f);
}

describe("leader-aimed faults", () => {
  it("leader() run inside a client node names one of the three lock nodes", async () => {
    const local = createLocalRuntime();
    let cluster: Cluster | undefined;
    const runtime: Runtime = { ...local, start: async (nodes, opts) => (cluster = await local.start(nodes, opts)) };
    let asked: Promise<NodeId | undefined> | undefined;
    const onOp = (op: Op): void => {
      if (asked || op.type !== "ok" || op.f !== "acquire" || !cluster) return;
      const endpoints = cluster.nodes.filter((n) => n.role === "lock").map((n) => `${n.host}:7001`);
      asked = probeLeaderLookup(cluster, { adapterSource: "etcd", endpoints, from: nodeId("c1") })();
    };
    const args = ["--lock", "etcd", "--time-limit", "3", "--name", "leader-lookup", ...COMMON];
    const parsed = addRunOptions(new Command("run")).exitOverride().parse(args, { from: "user" }).opts();
    const run = await resolveRun(optionsToConfig(parsed as RunOptions, { cwd: process.cwd(), defaultSeed: 1, argv: args }), { nodesGiven: false });
    const outcome = await runTest(run, { runtime, onOp });
    expect(outcome.error).toBeUndefined();
    expect(asked).toBeDefined();
    expect(LOCK_NODES).toContain(await asked);
  }, 30_000);

  it("partition-leader isolates the leader from the other lock nodes, heals, and the run stays valid", async () => {
    const { code, history } = await runCli("partition-leader");
    expect(code).toBe(0);
    const starts = nemesisInfos(history, "start-partition");
    const stops = nemesisInfos(history, "stop-partition");
    expect(starts.length).toBeGreaterThan(0);
    expect(stops).toHaveLength(starts.length);
    const [first] = starts;
    const value = first?.value as { leader: string; grudge: Record<string, string[]> };
    expect(first?.error).toBeUndefined();
    expect(LOCK_NODES).toContain(value.leader);
    expect(value.grudge[value.leader]).toEqual(LOCK_NODES.filter((n) => n !== value.leader));
    // The cut is proved beside the schedule and recorded on its stop op.
    expect((stops[0]?.value as { cutProbed: { result: string } }).cutProbed.result).toBe("timeout");
    for (const stop of stops) expect(stop.error).toBeUndefined();
  }, 30_000);

  it.each([["etcd"], ["zookeeper"]])("pause-leader on %s freezes the leader, thaws it, and the run stays valid", async (lock) => {
    const { code, history } = await runCli("pause-leader", lock);
    expect(code).toBe(0);
    const pauses = nemesisInfos(history, "pause");
    const resumes = nemesisInfos(history, "resume");
    expect(pauses.length).toBeGreaterThan(0);
    expect(resumes).toHaveLength(pauses.length);
    const value = pauses[0]?.value as { leader: string; nodes: string[] };
    expect(pauses[0]?.error).toBeUndefined();
    expect(LOCK_NODES).toContain(value.leader);
    expect(value.nodes).toEqual([value.leader]);
    expect((resumes[0]?.value as { nodes: string[] }).nodes).toEqual([value.leader]);
    for (const resume of resumes) expect(resume.error).toBeUndefined();
  }, 30_000);
});
