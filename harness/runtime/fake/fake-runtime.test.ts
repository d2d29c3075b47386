import { describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import type { NodeId } from "../../../core/index.js";
import { createFakeRuntime } from "./fake-runtime.js";

const [n1, n2] = [nodeId("n1"), nodeId("n2")] as [NodeId, NodeId];
const nodes = [
  { id: n1, role: "lock" as const },
  { id: n2, role: "client" as const },
];

function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe("createFakeRuntime", () => {
  it("records fault calls as data, grudges as plain arrays", async () => {
    const runtime = createFakeRuntime();
    const cluster = await runtime.start(nodes, { runId: "f1" });
    await cluster.pause(n1);
    await cluster.partition(new Map([[n1, new Set([n2])]]));
    await cluster.setClock(n2, { offsetMs: -500, rate: 1 });
    await cluster.heal();
    expect(runtime.calls).toEqual([
      { kind: "pause", node: n1 },
      { kind: "partition", grudge: [[n1, [n2]]] },
      { kind: "set-clock", node: n2, skew: { offsetMs: -500, rate: 1 } },
      { kind: "heal" },
    ]);
  });

  it("answers pipe processes with the supplied handler", async () => {
    const runtime = createFakeRuntime({ onLine: (line, ctx) => `${ctx.node}:${line}` });
    const cluster = await runtime.start(nodes, { runId: "f2" });
    const proc = await cluster.startProcess(n2, { argv: ["agent"], logFile: "/dev/null", stdio: "pipe" });
    const lines: string[] = [];
    proc.onLine((line) => lines.push(line));
    proc.send("hello");
    await flush();
    expect(lines).toEqual(["n2:hello"]);
  });

  it("holds a paused node's replies until it is resumed", async () => {
    const runtime = createFakeRuntime({ onLine: (line) => [line, line] });
    const cluster = await runtime.start(nodes, { runId: "f3" });
    const proc = await cluster.startProcess(n2, { argv: ["agent"], logFile: "/dev/null", stdio: "pipe" });
    const lines: string[] = [];
    proc.onLine((line) => lines.push(line));
    await cluster.pause(n2);
    proc.send("x");
    await flush();
    expect(lines).toEqual([]);
    await cluster.resume(n2);
    expect(lines).toEqual(["x", "x"]);
  });

  it("ends a killed node's processes with SIGKILL", async () => {
    const cluster = await createFakeRuntime().start(nodes, { runId: "f4" });
    const proc = await cluster.startProcess(n1, { argv: ["svc"], logFile: "/dev/null" });
    await cluster.kill(n1);
    expect(await proc.exited).toEqual({ code: null, signal: "SIGKILL" });
  });

  it("rejects calls for a node it does not have", async () => {
    const cluster = await createFakeRuntime().start(nodes, { runId: "f5" });
    await expect(cluster.pause(nodeId("n9"))).rejects.toMatchObject({ code: "config.invalid" });
  });

  it("ends every program with SIGTERM at stop, and refuses faults afterwards", async () => {
    const cluster = await createFakeRuntime().start(nodes, { runId: "f6" });
    const proc = await cluster.startProcess(n1, { argv: ["svc"], logFile: "/dev/null" });
    await cluster.stop();
    expect(await proc.exited).toEqual({ code: null, signal: "SIGTERM" });
    await expect(cluster.partition(new Map())).rejects.toMatchObject({ code: "nemesis.fault-not-applied" });
  });
});
