import { describe, expect, it } from "vitest";
import { createRng, type Grudge, type NodeId } from "../../../core/index.js";
import { completeGrudge, holderFromLock, oneWay, PARTITION_SHAPES, shapeGrudge } from "../../../nemesis/index.js";
import { partitionScript, PARTITION_CHAIN } from "../common/partition-rules.js";
import { LOSS_CHAIN, lossScript } from "../common/traffic-rules.js";
import { hostGrudge } from "./host-grudge.js";

const n = (id: string): NodeId => id as NodeId;
const HOSTS = new Map([[n("l1"), "10.0.0.1"], [n("l2"), "10.0.0.2"], [n("s1"), "10.0.0.3"], [n("c1"), "10.0.0.3"]]);
const grudge = (entries: [string, string[]][]): Grudge => new Map(entries.map(([k, v]) => [n(k), new Set(v.map(n))]));

describe("hostGrudge", () => {
  it("turns a grudge between nodes with their own hosts into host rules", () => {
    expect(Object.fromEntries(hostGrudge(grudge([["l1", ["l2"]], ["l2", ["l1"]]]), HOSTS))).toEqual({ "10.0.0.1": ["10.0.0.2"], "10.0.0.2": ["10.0.0.1"] });
  });

  it("accepts cutting a whole host from a node", () => {
    expect(Object.fromEntries(hostGrudge(grudge([["l1", ["s1", "c1"]]]), HOSTS))).toEqual({ "10.0.0.1": ["10.0.0.3"] });
  });

  it("refuses a grudge between nodes on one host, or one that treats them differently", () => {
    expect(() => hostGrudge(grudge([["s1", ["c1"]]]), HOSTS)).toThrow(/nodes "s1" and "c1" share host "10.0.0.3"/);
    expect(() => hostGrudge(grudge([["c1", ["l1"]]]), HOSTS)).toThrow(/node "s1" would be cut from "l1" too/);
    expect(() => hostGrudge(grudge([["l1", ["c1"]]]), HOSTS)).toThrow(/node "l1" would be cut from "s1" too/);
  });
});

/**
 * Where a packet ends in an iptables-restore input's chain: the first rule
 * that matches it decides (RETURN lets it on to ACCEPT, DROP drops it; a
 * random DROP counts as a drop). Only the rule forms our builders write.
 */
function fate(script: string, chain: string, packet: { src: string; tcpPort: number }): "kept" | "dropped" {
  for (const rule of script.split("\n").filter((l) => l.startsWith(`-A ${chain} `))) {
    const port = / -p tcp --dport (\d+) -j RETURN$/.exec(rule);
    if (port) {
      if (Number(port[1]) === packet.tcpPort) return "kept";
      continue;
    }
    const source = / -s (\S+)\/32 .*-j DROP$/.exec(rule);
    if (source?.[1] === packet.src) return "dropped";
  }
  return "kept";
}

describe("partition and loss rules on hosts", () => {
  const hosts = ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5"];
  const nodes = hosts.map((_, i) => `n${i + 1}`);
  const hostOf = new Map(nodes.map((node, i) => [n(node), hosts[i] as string]));
  const shapes: [string, Grudge][] = [
    ...PARTITION_SHAPES.map((shape): [string, Grudge] => [shape, shapeGrudge(shape, nodes, createRng(7))]),
    ["one-way", oneWay(["n1"], ["n2", "n3"])],
    ["holder from lock", holderFromLock("n1", ["n2", "n3", "n4", "n5"])],
    ["every host cut from every other", completeGrudge(nodes.map((node) => [node]))],
  ];

  // The control machine may share an address with a host (it runs one of the nodes): even then its SSH is kept.
  it.each(shapes)("keep the control machine's SSH to every host in a partition of shape %s, from any address", (_, grudge) => {
    const drops = hostGrudge(grudge, hostOf);
    expect([...drops.values()].some((sources) => sources.length > 0)).toBe(true);
    for (const [host, sources] of drops) {
      const partition = partitionScript(sources, true, { keepTcpPort: 2222 });
      const loss = lossScript(sources, 1, true, { keepTcpPort: 2222 });
      for (const src of [...hosts, "192.0.2.9"]) {
        expect(fate(partition, PARTITION_CHAIN, { src, tcpPort: 2222 }), `${host} from ${src}`).toBe("kept");
        expect(fate(loss, LOSS_CHAIN, { src, tcpPort: 2222 }), `${host} from ${src}`).toBe("kept");
      }
      // The same rules do cut what the grudge names.
      for (const src of sources) expect(fate(partition, PARTITION_CHAIN, { src, tcpPort: 7001 })).toBe("dropped");
    }
  });

  it("refuses to keep a port that is not one", () => {
    expect(() => partitionScript([], true, { keepTcpPort: 0 })).toThrow(/Cannot keep port "0"/);
  });
});
