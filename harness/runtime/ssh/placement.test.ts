import { describe, expect, it } from "vitest";
import type { NodeId, NodeRole, NodeSpec } from "../../../core/index.js";
import { parsePlacement, placeNodes } from "./placement.js";

function specs(lock: number, storage: number, clients: number): NodeSpec[] {
  const make = (prefix: string, n: number, role: NodeRole): NodeSpec[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}` as NodeId, role }));
  return [...make("l", lock, "lock"), ...make("s", storage, "storage"), ...make("c", clients, "client")];
}
const HOSTS = ["h1", "h2", "h3", "h4", "h5"];

describe("placeNodes", () => {
  it("puts lock nodes on the first hosts, storage next, and spreads clients over the hosts after the lock nodes", () => {
    const placed = placeNodes(specs(3, 1, 5), HOSTS);
    expect(Object.fromEntries(placed)).toEqual({ l1: "h1", l2: "h2", l3: "h3", s1: "h4", c1: "h4", c2: "h5", c3: "h4", c4: "h5", c5: "h4" });
  });

  it("lets clients share the lock nodes' hosts when those are all there are", () => {
    const placed = placeNodes(specs(1, 1, 3), ["h1", "h2"]);
    expect(Object.fromEntries(placed)).toEqual({ l1: "h1", s1: "h2", c1: "h2", c2: "h2", c3: "h2" });
    expect(placeNodes(specs(1, 0, 2), ["h1"]).get("c2" as NodeId)).toBe("h1");
  });

  it("refuses too few hosts for the lock and storage nodes", () => {
    expect(() => placeNodes(specs(3, 1, 5), ["h1", "h2", "h3"])).toThrow(/4 lock and storage node\(s\) need a host each, and 3 host\(s\)/);
  });

  it("follows a placement file and fills the rest around it", () => {
    const placed = placeNodes(specs(1, 1, 2), HOSTS, new Map([["l1" as NodeId, "h5"], ["c1" as NodeId, "h5"]]));
    expect(Object.fromEntries(placed)).toEqual({ l1: "h5", c1: "h5", s1: "h1", c2: "h1" });
  });

  it("refuses a placement that names an unknown node or host, or puts two services on one host", () => {
    expect(() => placeNodes(specs(1, 1, 1), HOSTS, new Map([["l9" as NodeId, "h1"]]))).toThrow(/node "l9", which this run does not have/);
    expect(() => placeNodes(specs(1, 1, 1), HOSTS, new Map([["l1" as NodeId, "h9"]]))).toThrow(/"h9", which is not among the hosts/);
    expect(() => placeNodes(specs(1, 1, 1), HOSTS, new Map([["l1" as NodeId, "h1"], ["s1" as NodeId, "h1"]]))).toThrow(/"l1" and "s1" would share host "h1"/);
  });
});

describe("parsePlacement", () => {
  it("reads node-host pairs and names a bad line", () => {
    expect(Object.fromEntries(parsePlacement("# lock first\nl1 h1\n\nc1  h2 # spare\n", "p.txt"))).toEqual({ l1: "h1", c1: "h2" });
    expect(() => parsePlacement("l1\n", "p.txt")).toThrow('Cannot read placement "p.txt": line 1 is not "node host"');
  });
});
