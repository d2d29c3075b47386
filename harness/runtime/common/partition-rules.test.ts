import { describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import type { NodeId } from "../../../core/index.js";
import { grudgeSources, healScript, partitionScript } from "./partition-rules.js";

const [n1, n2, n3] = ["n1", "n2", "n3"].map(nodeId) as [NodeId, NodeId, NodeId];
const hosts = new Map([
  [n1, "10.77.0.10"],
  [n2, "10.77.0.11"],
  [n3, "10.77.0.12"],
]);

describe("grudgeSources", () => {
  it("maps each node to the addresses it drops", () => {
    const grudge = new Map([[n1, new Set([n2, n3])], [n3, new Set([n1])]]);
    expect(grudgeSources(grudge, hosts)).toEqual(new Map([[n1, ["10.77.0.11", "10.77.0.12"]], [n3, ["10.77.0.10"]]]));
  });

  it("rejects a grudge naming an unknown node", () => {
    expect(() => grudgeSources(new Map([[n1, new Set([nodeId("n9")])]]), hosts)).toThrow(/"n9"/);
  });
});

describe("partition scripts", () => {
  it("declares our chain, adds the jump once and drops each source", () => {
    expect(partitionScript(["10.77.0.11"], true)).toBe(
      "*filter\n:FENCECHECK - [0:0]\n-I INPUT -j FENCECHECK\n-A FENCECHECK -s 10.77.0.11/32 -j DROP\nCOMMIT\n",
    );
  });

  it("only redeclares the chain when the jump is already there", () => {
    expect(partitionScript([], false)).toBe("*filter\n:FENCECHECK - [0:0]\nCOMMIT\n");
  });

  it("heals by removing the jump and the chain only", () => {
    expect(healScript()).toBe("*filter\n-D INPUT -j FENCECHECK\n-F FENCECHECK\n-X FENCECHECK\nCOMMIT\n");
  });
});
