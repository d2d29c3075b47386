import { describe, expect, it } from "vitest";
import { nodeId, type NodeId } from "../../../core/index.js";
import { createFakeRuntime } from "./fake-runtime.js";

const [a, b, c] = ["a", "b", "c"].map(nodeId) as [NodeId, NodeId, NodeId];

async function start() {
  const runtime = createFakeRuntime();
  const cluster = await runtime.start([a, b, c].map((id) => ({ id, role: "lock" as const })), { runId: "t" });
  return { runtime, cluster };
}

describe("fake cluster network faults", () => {
  it("answers probes across a grudge with a timeout, either way, until healed", async () => {
    const { cluster } = await start();
    await cluster.partition(new Map([[a, new Set([b])]]));
    expect(await cluster.probe(b, a)).toBe("timeout");
    expect(await cluster.probe(a, b)).toBe("timeout");
    expect(await cluster.probe(c, a)).toBe("refused");
    await cluster.heal();
    expect(await cluster.probe(b, a)).toBe("refused");
  });

  it("times out only certain loss, and records loss, delay and their heals", async () => {
    const { runtime, cluster } = await start();
    await cluster.dropPackets(a, [b], 0.5);
    expect(await cluster.probe(b, a)).toBe("refused");
    await cluster.dropPackets(a, [b], 1);
    expect(await cluster.probe(b, a)).toBe("timeout");
    await cluster.healTraffic("loss");
    expect(await cluster.probe(b, a)).toBe("refused");
    await cluster.delayTraffic(a, { delayMs: 10, jitterMs: 0, seed: 1 });
    await cluster.healTraffic("delay");
    expect(runtime.calls.map((call) => call.kind).filter((k) => k !== "probe")).toEqual([
      "drop-packets", "drop-packets", "heal-traffic", "delay-traffic", "heal-traffic",
    ]);
  });

  it("connects a probe to a port a live program of the node listens on, until the node is killed", async () => {
    const { cluster } = await start();
    await cluster.startProcess(a, { argv: ["svc"], logFile: "/dev/null", readyPort: 7001 });
    expect(await cluster.probe(b, a, { port: 7001 })).toBe("connected");
    expect(await cluster.probe(b, a, { port: 7002 })).toBe("refused");
    await cluster.kill(a);
    expect(await cluster.probe(b, a, { port: 7001 })).toBe("refused");
  });
});
