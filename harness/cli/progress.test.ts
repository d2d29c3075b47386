import { describe, expect, it } from "vitest";
import { createManualClock, type Op } from "../../core/index.js";
import { createProgress, faultTracker, progressLine } from "./progress.js";

const shading = [{ start: "pause", stop: "resume", label: "pause", color: "#f4b400" }];

function nemesis(type: Op["type"], f: string, nodes: string[], time = 0): Op {
  const base = { index: 0, time, process: "nemesis" as const, f, value: { nodes } };
  return type === "fail" ? { ...base, type, error: { code: "x", message: "x", definite: true } } : ({ ...base, type } as Op);
}

describe("progress", () => {
  it("draws the bar, elapsed time, op count and faults in force", () => {
    expect(progressLine({ elapsedMs: 5000, timeLimitMs: 20000, ops: 1234, faults: ["pause c2"] }, 8))
      .toBe("[##------] 5.0/20 s  1234 ops  faults: pause c2");
    expect(progressLine({ elapsedMs: 30000, timeLimitMs: 20000, ops: 9, faults: [] }, 4)).toBe("[####] 20 s done, finishing  9 ops  no faults");
    expect(progressLine({ elapsedMs: undefined, timeLimitMs: 20000, ops: 0, faults: [] }, 4)).toBe("[----] starting nodes  0 ops  no faults");
  });

  it("tracks a pause from its invoke until the resume of the same node", () => {
    const t = faultTracker(shading);
    t.onOp(nemesis("invoke", "pause", ["c2"]));
    t.onOp(nemesis("invoke", "pause", ["c3"]));
    t.onOp(nemesis("info", "resume", ["c2"]));
    expect(t.active()).toEqual(["pause c3"]);
    t.onOp(nemesis("info", "resume", []));
    expect(t.active()).toEqual([]);
  });

  it("ends a fault opened without nodes when its stop names nodes", () => {
    const t = faultTracker([{ start: "clock", stop: "reset-clock", label: "clock", color: "#9b5de5" }]);
    t.onOp({ index: 0, time: 0, process: "nemesis", type: "invoke", f: "clock", value: { skews: {} } });
    expect(t.active()).toEqual(["clock"]);
    t.onOp(nemesis("info", "reset-clock", ["c1"]));
    expect(t.active()).toEqual([]);
  });

  it("counts client invocations from the first one and clears its line before a log line", () => {
    const clock = createManualClock();
    const out: string[] = [];
    const err: string[] = [];
    const p = createProgress({ clock, timeLimitMs: 10_000, shading, out: (s) => void out.push(s), err: (s) => void err.push(s) });
    clock.advance(5e9);
    p.onOp({ index: 0, time: 0, process: 1, type: "invoke", f: "acquire", value: {} });
    clock.advance(1e9);
    p.log("  healed\n");
    p.stop();
    expect(err).toEqual(["  healed\n"]);
    expect(out.at(-2)).toContain("1.0/10 s  1 ops  no faults");
    expect(out.at(-1)).toBe("\r\u001b[2K");
  });
});
