import { describe, expect, it } from "vitest";
import { createRng, faultLabel, faultsInForce, type FaultShading, type Op } from "../../../core/index.js";
import { nemesisOpsInForce } from "./heal-in-force.js";

const SHADING: FaultShading[] = [
  { start: "pause", stop: "resume", label: "pause", color: "#000" },
  { start: "kill", stop: "restart", label: "kill", color: "#111" },
  { start: "partition", stop: "heal", label: "partition", color: "#222" },
];

/** A nemesis op: invokes name their nodes, and some completions too; a heal may name none (it heals every node). */
function nemesisOp(time: number, f: string, type: "invoke" | "info", nodes: string[]): Op {
  return { index: 0, time, process: "nemesis", type, f, value: nodes.length > 0 ? { nodes } : null };
}

/** What the last heal would heal: the labels of the faults in force. */
function inForce(ops: readonly Op[]): string[] {
  return faultsInForce(ops, SHADING).map(faultLabel).sort();
}

describe("the nemesis ops kept for the last heal", () => {
  it("find the same faults in force as every op would, over long random schedules", () => {
    const rng = createRng(7);
    const fs = ["pause", "resume", "kill", "restart", "partition", "heal"];
    for (let trial = 0; trial < 20; trial++) {
      const all: Op[] = [];
      const kept = nemesisOpsInForce(SHADING, 8);
      for (let i = 0; i < 150; i++) {
        const f = rng.pick(fs);
        const nodes = rng.next() < 0.25 ? [] : [rng.pick(["n0", "n1", "n2"])];
        for (const type of ["invoke", "info"] as const) {
          const op = nemesisOp(all.length, f, type, nodes);
          all.push(op);
          kept.add(op);
          expect(inForce(kept.ops)).toEqual(inForce(all));
        }
      }
    }
  });

  it("stay few over an hour's worth of faults that are each healed", () => {
    const kept = nemesisOpsInForce(SHADING);
    for (let i = 0; i < 6000; i++) {
      kept.add(nemesisOp(4 * i, "pause", "invoke", ["c1"]));
      kept.add(nemesisOp(4 * i + 1, "pause", "info", ["c1"]));
      kept.add(nemesisOp(4 * i + 2, "resume", "invoke", ["c1"]));
      kept.add(nemesisOp(4 * i + 3, "resume", "info", ["c1"]));
    }
    expect(kept.ops.length).toBeLessThan(256);
  });

  it("keep a fault in force from its start however long ago it began", () => {
    const kept = nemesisOpsInForce(SHADING, 4);
    kept.add(nemesisOp(0, "kill", "invoke", ["l1"]));
    for (let i = 1; i <= 1000; i++) kept.add(nemesisOp(i, i % 2 === 1 ? "pause" : "resume", i % 2 === 1 ? "invoke" : "info", ["c1"]));
    expect(inForce(kept.ops)).toEqual(["kill l1"]);
    expect(kept.ops[0]).toMatchObject({ f: "kill", time: 0 });
  });
});
