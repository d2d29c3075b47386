import { describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import type { ClusterNetwork } from "../../../core/index.js";
import { createFakeNodeDriver } from "../fake/fake-node-driver.js";
import { createNodeSupervisor } from "./node-supervisor.js";
import { guardedNetwork } from "./supervised-cluster.js";

const n1 = nodeId("n1");
const ghost = nodeId("ghost");

/** Network faults that only say which were called, behind the guards of a one-node supervisor. */
function guarded() {
  const supervisor = createNodeSupervisor(createFakeNodeDriver({ hasNode: (node) => node === n1 }), 0);
  const called: string[] = [];
  const faults: ClusterNetwork = {
    partition: async () => void called.push("partition"),
    heal: async () => void called.push("heal"),
    dropPackets: async () => void called.push("drop-packets"),
    delayTraffic: async () => void called.push("delay-traffic"),
    healTraffic: async () => void called.push("heal-traffic"),
    probe: async () => (called.push("probe"), "refused"),
  };
  return { supervisor, called, network: guardedNetwork(supervisor, "r1", faults) };
}

describe("the network behind the supervisor's guards", () => {
  it("names a node the cluster does not have before the runtime sees the fault", async () => {
    const { called, network } = guarded();
    await expect(network.dropPackets(ghost, [n1], 1)).rejects.toMatchObject({ code: "config.invalid" });
    await expect(network.delayTraffic(ghost, { delayMs: 1, jitterMs: 0, seed: 1 })).rejects.toMatchObject({ code: "config.invalid" });
    await expect(network.probe(n1, ghost)).rejects.toThrow(/Cannot find node "ghost"/);
    expect(called).toEqual([]);
  });

  it("refuses new faults once the cluster is stopped, and its heals then do nothing", async () => {
    const { supervisor, called, network } = guarded();
    await supervisor.stop({});
    await expect(network.partition(new Map())).rejects.toThrow(`Cannot partition run "r1": the cluster is stopped`);
    await expect(network.dropPackets(n1, [n1], 1)).rejects.toThrow(`Cannot drop packets of node "n1": the cluster is stopped`);
    await network.heal();
    await network.healTraffic("delay");
    expect(called).toEqual([]);
  });
});
