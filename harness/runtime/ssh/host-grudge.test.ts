import { describe, expect, it } from "vitest";
import type { Grudge, NodeId } from "../../../core/index.js";
import { partitionScript, PARTITION_CHAIN } from "../common/partition-rules.js";
import { hostGrudge, keepSsh } from "./host-grudge.js";

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

describe("keepSsh", () => {
  it("puts a RETURN for the SSH port first in our chain", () => {
    const script = keepSsh(partitionScript(["10.0.0.2"], true), PARTITION_CHAIN, 22);
    expect(script.split("\n").slice(1, 4)).toEqual([`:${PARTITION_CHAIN} - [0:0]`, `-A ${PARTITION_CHAIN} -p tcp --dport 22 -j RETURN`, `-I INPUT -j ${PARTITION_CHAIN}`]);
  });
});
