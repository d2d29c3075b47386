import { describe, expect, it } from "vitest";
import { certainFaultPeriods, faultLabel, faultsInForce, stepFaultsInForce } from "./faults-in-force.js";
import type { FaultShading } from "./nemesis.js";
import type { Op } from "./op.js";

const PAUSE: FaultShading = { start: "pause", stop: "resume", label: "pause", color: "#000" };
const CLOCK: FaultShading = { start: "clock", stop: "reset-clock", label: "clock", color: "#111" };
const SHADING = [PAUSE, CLOCK];

/** A nemesis op at `time`; `nodes` undefined gives a value without nodes. */
function nemesis(time: number, type: Op["type"], f: string, nodes?: string[]): Op {
  const base = { index: time, time, process: "nemesis" as const, f, value: nodes === undefined ? { skews: {} } : { nodes } };
  return (type === "fail" ? { ...base, type, error: { code: "x", message: "x", definite: true } } : { ...base, type }) as Op;
}

const labels = (ops: Op[], shading: readonly FaultShading[] = SHADING): string[] => faultsInForce(ops, shading).map(faultLabel);

describe("the faults in force", () => {
  it("begin at a start's invoke, on the nodes it names, sorted", () => {
    const [fault] = faultsInForce([nemesis(5, "invoke", "pause", ["c3", "c2"])], SHADING);
    expect(fault).toEqual({ shading: PAUSE, nodes: ["c2", "c3"], start: 5, applied: false });
    expect(faultLabel(fault!)).toBe("pause c2,c3");
  });

  it("stay while their start completes info, and are then applied", () => {
    const ops = [nemesis(1, "invoke", "pause", ["c1"]), nemesis(2, "info", "pause", ["c1"])];
    expect(faultsInForce(ops, SHADING)).toEqual([{ shading: PAUSE, nodes: ["c1"], start: 1, applied: true }]);
  });

  it("never were when their start failed, and a failed second start leaves the first fault in force", () => {
    expect(labels([nemesis(1, "invoke", "pause", ["c1"]), nemesis(2, "fail", "pause", ["c1"])])).toEqual([]);
    const again = [nemesis(1, "invoke", "pause", ["c1"]), nemesis(2, "info", "pause", ["c1"]), nemesis(3, "invoke", "pause", ["c1"]), nemesis(4, "fail", "pause", ["c1"])];
    expect(faultsInForce(again, SHADING)).toMatchObject([{ nodes: ["c1"], start: 1 }]);
  });

  it("end when a stop on the same nodes completes, not when it is invoked", () => {
    const ops = [nemesis(1, "invoke", "pause", ["c2"]), nemesis(2, "invoke", "pause", ["c3"]), nemesis(3, "invoke", "resume", ["c2"])];
    expect(labels(ops)).toEqual(["pause c2", "pause c3"]);
    expect(labels([...ops, nemesis(4, "info", "resume", ["c2"])])).toEqual(["pause c3"]);
  });

  it("all end at a stop without nodes, and one started without nodes ends at any stop of its kind", () => {
    expect(labels([nemesis(1, "invoke", "pause", ["c2"]), nemesis(2, "invoke", "pause", ["c3"]), nemesis(3, "info", "resume", [])])).toEqual([]);
    expect(labels([nemesis(1, "invoke", "clock"), nemesis(2, "info", "reset-clock", ["c1"])])).toEqual([]);
  });

  it("end only by a stop of their own kind", () => {
    expect(labels([nemesis(1, "invoke", "pause", ["c1"]), nemesis(2, "info", "reset-clock", [])])).toEqual(["pause c1"]);
  });

  it("count a repeated start once, from its first invoke, and a repeated shading once", () => {
    expect(faultsInForce([nemesis(1, "invoke", "pause", ["c1"]), nemesis(2, "invoke", "pause", ["c1"])], [PAUSE, { ...PAUSE }])).toMatchObject([{ start: 1 }]);
  });

  it("ignore client ops", () => {
    const client = { index: 0, time: 0, process: 0, type: "invoke", f: "pause", value: { nodes: ["c1"] } } as Op;
    expect(labels([client])).toEqual([]);
  });

  it("say, op by op, which faults each heal ended", () => {
    const started = stepFaultsInForce([], nemesis(1, "invoke", "pause", ["c1"]), SHADING);
    const healed = stepFaultsInForce(started.inForce, nemesis(2, "info", "resume", ["c1"]), SHADING);
    expect(healed).toEqual({ inForce: [], healed: started.inForce });
  });
});

describe("the periods a fault was certainly in force", () => {
  it("run from its start's completion to the invoke of the stop that healed it", () => {
    const ops = [nemesis(1, "invoke", "pause", ["c1"]), nemesis(2, "ok", "pause", ["c1"]), nemesis(8, "invoke", "resume", ["c1"]), nemesis(9, "ok", "resume", ["c1"])];
    expect(certainFaultPeriods(ops, SHADING)).toEqual([{ start: 2, end: 8 }]);
  });

  it("leave out a start that failed, and run to the history's end when nothing healed", () => {
    const ops = [
      nemesis(1, "invoke", "pause", ["c1"]), nemesis(2, "fail", "pause", ["c1"]),
      nemesis(3, "invoke", "clock"), nemesis(4, "info", "clock"), { ...nemesis(20, "ok", "read"), process: 0 } as Op,
    ];
    expect(certainFaultPeriods(ops, SHADING)).toEqual([{ start: 4, end: 20 }]);
  });
});
