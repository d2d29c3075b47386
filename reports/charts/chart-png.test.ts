import { describe, expect, it } from "vitest";
import type { ChartSpec } from "./chart-spec.js";
import { renderChartPng, warmUpCharts } from "./chart-png.js";

const spec: ChartSpec = {
  id: "latency", title: "Latency", xLabel: "time (s)", yLabel: "latency (ms)", yScale: "log", xMax: 2, note: undefined,
  series: [{ label: "acquire ok", color: "#2266aa", kind: "points", points: [[0.1, 3], [0.7, 120], [1.5, 1800]] }],
  shading: [{ start: 0.5, end: 1, color: "#ff8800", label: "pause" }],
};

describe("warmUpCharts", () => {
  it("leaves the next chart drawn exactly as it would be without it", () => {
    const before = renderChartPng(spec);
    warmUpCharts();
    const after = renderChartPng(spec);
    expect(after.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(after.equals(before)).toBe(true);
  });
});
