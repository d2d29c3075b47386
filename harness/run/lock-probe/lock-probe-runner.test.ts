/**
 * The preflight's probe started ahead (`startLockProbe`), on the fake
 * runtime: it starts waiting for its arguments, gets them as one JSON line,
 * and its answer, silence or failure is judged as a probe run at once is.
 */
import { describe, expect, it } from "vitest";
import { HarnessError, nodeId, type Cluster, type NodeSpec } from "../../../core/index.js";
import { createFakeRuntime, type FakeCall, type FakeLineHandler } from "../../runtime/index.js";
import { startLockProbe } from "./lock-probe-runner.js";

const c1 = nodeId("c1");
const nodes: NodeSpec[] = [{ id: c1, role: "client" }];
const spec = { node: c1, service: "reference", logFile: "/store/nodes/c1/preflight.log", program: "/probe.js" };

async function fakeCluster(onLine: FakeLineHandler): Promise<{ cluster: Cluster; calls: FakeCall[] }> {
  const runtime = createFakeRuntime({ onLine });
  return { cluster: await runtime.start(nodes, { runId: "probe" }), calls: runtime.calls };
}

describe("a lock probe started ahead", () => {
  it("starts as `node probe -` and answers once it is given its arguments as a JSON line", async () => {
    const seen: string[] = [];
    const { cluster, calls } = await fakeCluster((line, ctx) => {
      seen.push(line);
      ctx.exit(0);
      return JSON.stringify({ token: "7" });
    });
    const probe = startLockProbe(cluster, spec);
    expect(calls).toContainEqual({ kind: "start-process", node: c1, argv: [process.execPath, "/probe.js", "-"] });
    const answer = await probe.run(["preflight", "--adapter", "reference", "--endpoints", "10.77.0.10:7001"], 1_000);
    expect(answer).toEqual({ token: "7" });
    expect(seen.map((l) => JSON.parse(l) as unknown)).toEqual([["preflight", "--adapter", "reference", "--endpoints", "10.77.0.10:7001"]]);
  });

  it("is cut off with the caller's silence when it gives no answer in time", async () => {
    const { cluster } = await fakeCluster(() => undefined);
    const silence = (): HarnessError => new HarnessError("adapter.invalid", "acquire never answered");
    await expect(startLockProbe(cluster, spec).run(["preflight"], 50, silence)).rejects.toThrow("acquire never answered");
  });

  it("passes on the probe's own error, and names its log when it exits without one", async () => {
    const failing = await fakeCluster((_line, ctx) => {
      ctx.exit(1);
      return JSON.stringify({ error: { code: "adapter.invalid", message: "Cannot connect: garbage" } });
    });
    await expect(startLockProbe(failing.cluster, spec).run(["preflight"], 1_000)).rejects.toThrow("Cannot connect: garbage");
    const crashing = await fakeCluster((_line, ctx) => {
      ctx.exit(3);
      return undefined;
    });
    await expect(startLockProbe(crashing.cluster, spec).run(["preflight"], 1_000))
      .rejects.toThrow('Cannot check lock service "reference" from node "c1": the probe exited with code 3: see /store/nodes/c1/preflight.log');
  });
});
