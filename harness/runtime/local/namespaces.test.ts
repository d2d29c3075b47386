import { describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import {
  hubVethName,
  isOwnedNamespace,
  namespaceExecArgv,
  networkPlan,
  nodeAddress,
  nodeNamespace,
  parseNamespaceList,
  runNamespacePrefix,
} from "./namespaces.js";

const ids = ["n1", "n2", "client-1"].map(nodeId);

describe("namespace names", () => {
  it("prefixes every namespace of a run with fc-<runId>-", () => {
    const plan = networkPlan("ab12cd34", ids);
    expect(plan.hub).toBe("fc-ab12cd34-hub");
    expect(plan.nodes.map((n) => n.namespace)).toEqual(["fc-ab12cd34-n1", "fc-ab12cd34-n2", "fc-ab12cd34-client-1"]);
    for (const ns of [plan.hub, ...plan.nodes.map((n) => n.namespace)]) {
      expect(isOwnedNamespace(ns, "ab12cd34")).toBe(true);
    }
  });

  it("keeps one run's namespaces apart from a run whose id extends it", () => {
    expect(isOwnedNamespace(nodeNamespace("ab", "n1"), "a")).toBe(false);
    expect(isOwnedNamespace(nodeNamespace("a", "b-n1"), "ab")).toBe(false);
    expect(isOwnedNamespace(nodeNamespace("a", "b-n1"))).toBe(true);
  });

  it("does not claim namespaces without the fc- prefix", () => {
    expect(isOwnedNamespace("docker-abc")).toBe(false);
    expect(isOwnedNamespace("fcx-1-n1")).toBe(false);
  });

  it.each(["", "AB", "a-b", "a_b", "x".repeat(17)])("rejects run id %j", (runId) => {
    expect(() => runNamespacePrefix(runId)).toThrow(expect.objectContaining({ code: "config.invalid" }));
  });

  it.each(["hub", "", "-n1", "n1-", "n 1", "n/1"])("rejects node id %j", (node) => {
    expect(() => nodeNamespace("r1", node)).toThrow(expect.objectContaining({ code: "config.invalid" }));
  });

  it("rejects a node id used twice", () => {
    expect(() => networkPlan("r1", [nodeId("n1"), nodeId("n1")])).toThrow(/used twice/);
  });
});

describe("addresses and interface names", () => {
  it("gives node k the address 10.77.0.<k+10>", () => {
    expect(nodeAddress(0)).toBe("10.77.0.10");
    expect(nodeAddress(243)).toBe("10.77.0.253");
    expect(() => nodeAddress(244)).toThrow(/at most 244 nodes/);
  });

  it("keeps hub veth names within Linux's 15 characters for every addressable node", () => {
    expect(hubVethName(0)).toBe("v0");
    expect(hubVethName(243).length).toBeLessThanOrEqual(15);
  });
});

describe("network plan batches", () => {
  const plan = networkPlan("r1", [nodeId("n1"), nodeId("n2")]);

  it("creates the hub and node namespaces from the host, touching no host interface", () => {
    expect(plan.hostBatch.slice(0, 3)).toEqual(["netns add fc-r1-hub", "netns add fc-r1-n1", "netns add fc-r1-n2"]);
  });

  it("creates the bridge in the hub and one veth pair per node, each end in its namespace, from the host", () => {
    expect(plan.hostBatch.slice(3)).toEqual([
      "link add br0 netns fc-r1-hub type bridge",
      "link add v0 netns fc-r1-hub type veth peer name eth0 netns fc-r1-n1",
      "link add v1 netns fc-r1-hub type veth peer name eth0 netns fc-r1-n2",
    ]);
  });

  it("joins each veth to the bridge from the hub, which needs only what the host made", () => {
    expect(plan.hubBatch).toEqual([
      "link set lo up",
      "link set br0 up",
      "link set v0 master br0",
      "link set v0 up",
      "link set v1 master br0",
      "link set v1 up",
    ]);
  });

  it("addresses each node's eth0 inside its own namespace", () => {
    expect(plan.nodeBatches[1]).toEqual({
      namespace: "fc-r1-n2",
      lines: ["link set lo up", "addr add 10.77.0.11/24 dev eth0", "link set eth0 up"],
    });
  });
});

describe("parseNamespaceList", () => {
  it("takes the first word of each line", () => {
    expect(parseNamespaceList("fc-r1-n1 (id: 2)\nfc-r1-hub\n\nother (id: 0)\n")).toEqual(["fc-r1-n1", "fc-r1-hub", "other"]);
  });
});

describe("namespaceExecArgv", () => {
  it("runs the program directly when there is no environment", () => {
    expect(namespaceExecArgv("fc-r1-n1", ["node", "x.js"])).toEqual(["ip", "netns", "exec", "fc-r1-n1", "node", "x.js"]);
  });

  it("passes the environment through env, which execs the program", () => {
    expect(namespaceExecArgv("fc-r1-n1", ["redis-server"], { A: "1", B: "x y" })).toEqual([
      "ip", "netns", "exec", "fc-r1-n1", "env", "A=1", "B=x y", "redis-server",
    ]);
  });
});
