import { describe, expect, it } from "vitest";
import { createPhaseTrace, formatPhases } from "./phase-trace.js";

describe("phase trace", () => {
  it("records each phase with the time and CPU read when it was marked", () => {
    let at = 100;
    let cpu = 40;
    const trace = createPhaseTrace({ sinceStartMs: () => at, cpuMs: () => cpu });
    trace.mark("CLI loaded");
    at = 350;
    cpu = 90;
    trace.mark("network up");
    expect(trace.marks()).toEqual([
      { phase: "CLI loaded", atMs: 100, cpuMs: 40 },
      { phase: "network up", atMs: 350, cpuMs: 90 },
    ]);
  });

  it("prints each phase with its end, the wall time since the mark before and the CPU in it", () => {
    const lines = formatPhases([
      { phase: "CLI loaded", atMs: 100.4, cpuMs: 40 },
      { phase: "network up", atMs: 350.6, cpuMs: 90.2 },
    ]);
    expect(lines.slice(1)).toEqual([
      "    100 (+  100)  cpu    40 (+  40)  CLI loaded",
      "    351 (+  250)  cpu    90 (+  50)  network up",
    ]);
    expect(lines[0]).toMatch(/^timings: /);
  });
});
