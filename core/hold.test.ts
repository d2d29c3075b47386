import { describe, expect, it } from "vitest";
import { defaultHold, describeHold, drawHold, holdSpecOf, longestHold, parseHold, shortestHold } from "./hold.js";

describe("hold times", () => {
  it("parse one value as always that value and a..b as a uniform range", () => {
    expect(parseHold("100")).toEqual([{ minMs: 100, maxMs: 100, weight: 1 }]);
    expect(parseHold("50..1500")).toEqual([{ minMs: 50, maxMs: 1500, weight: 1 }]);
    expect(parseHold("1500..50")).toBeUndefined();
    expect(parseHold("soon")).toBeUndefined();
  });

  it("draw the same hold for one seed, thread and cycle, within the band", () => {
    const spec = parseHold("50..1500") ?? [];
    expect(drawHold(spec, 7, 2, 9)).toBe(drawHold(spec, 7, 2, 9));
    for (let cycle = 0; cycle < 200; cycle++) {
      const hold = drawHold(spec, 7, 1, cycle);
      expect(hold).toBeGreaterThanOrEqual(50);
      expect(hold).toBeLessThanOrEqual(1500);
    }
  });

  it("by default mix short holds with about 30% near the TTL", () => {
    const spec = defaultHold(2000);
    const holds = Array.from({ length: 1000 }, (_, cycle) => drawHold(spec, 3, cycle % 5, cycle));
    const long = holds.filter((h) => h >= 1300 && h <= 1700).length;
    expect(holds.every((h) => (h >= 50 && h <= 150) || (h >= 1300 && h <= 1700))).toBe(true);
    expect(long).toBeGreaterThan(220);
    expect(long).toBeLessThan(380);
    expect(shortestHold(spec)).toBe(50);
    expect(longestHold(spec)).toBe(1700);
    expect(describeHold(spec)).toBe("50..150 (70%), 1300..1700 (30%)");
  });

  it("keep a configuration without a distribution at its one holdMs", () => {
    expect(drawHold(holdSpecOf({ holdMs: 250 }), 1, 0, 0)).toBe(250);
  });
});
