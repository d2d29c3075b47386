import { describe, expect, it } from "vitest";
import { nodeId, type Cluster, type NodeId } from "../../../core/index.js";
import { restartWaitsForReadiness } from "./restart-readiness.js";

function recording(calls: string[]): Cluster {
  return { restart: async (node: NodeId) => void calls.push(`restart ${node}`), kill: async (node: NodeId) => void calls.push(`kill ${node}`) } as unknown as Cluster;
}

describe("a restart that waits for readiness", () => {
  it("resolves only after the node's readiness check has passed", async () => {
    const calls: string[] = [];
    const checks = new Map([[nodeId("l1") as NodeId, async () => void calls.push("ready l1")]]);
    await restartWaitsForReadiness(recording(calls), checks).restart(nodeId("l1") as NodeId);
    expect(calls).toEqual(["restart l1", "ready l1"]);
  });

  it("restarts a node without a check as before, and leaves other methods alone", async () => {
    const calls: string[] = [];
    const cluster = restartWaitsForReadiness(recording(calls), new Map());
    await cluster.restart(nodeId("s1") as NodeId);
    await cluster.kill(nodeId("s1") as NodeId);
    expect(calls).toEqual(["restart s1", "kill s1"]);
  });

  it("still resolves when the node never answers: the restart happened, the clients find it unavailable, and the run is told", async () => {
    const calls: string[] = [];
    const checks = new Map([[nodeId("l1") as NodeId, async () => { throw new Error("not ready in 60000 ms"); }]]);
    const told: string[] = [];
    const cluster = restartWaitsForReadiness(recording(calls), checks, (node, error) => told.push(`${node}: ${(error as Error).message}`));
    await expect(cluster.restart(nodeId("l1") as NodeId)).resolves.toBeUndefined();
    expect(calls).toEqual(["restart l1"]);
    expect(told).toEqual(["l1: not ready in 60000 ms"]);
  });

  it("joins a restart of a node still under way instead of starting it twice, and restarts it again once that one is done", async () => {
    const calls: string[] = [];
    let ready: () => void = () => undefined;
    const l1 = nodeId("l1") as NodeId;
    const checks = new Map([[l1, () => new Promise<void>((resolve) => (ready = resolve))]]);
    const cluster = restartWaitsForReadiness(recording(calls), checks);
    const both = Promise.all([cluster.restart(l1), cluster.restart(l1)]);
    await new Promise((resolve) => setImmediate(resolve));
    ready();
    await both;
    expect(calls).toEqual(["restart l1"]);
    const again = cluster.restart(l1);
    await new Promise((resolve) => setImmediate(resolve));
    ready();
    await again;
    expect(calls).toEqual(["restart l1", "restart l1"]);
  });
});
