import { describe, expect, it } from "vitest";
import { historyBuilder } from "../../checkers/index.js";
import type { FaultShading } from "../../core/index.js";
import { faultAvailability } from "./availability.js";

const shading: FaultShading[] = [{ start: "start-partition", stop: "stop-partition", label: "partition", color: "#000" }];

describe("faultAvailability", () => {
  it("is unavailable when acquires were tried during a fault and no grant came back before the heal", () => {
    const history = historyBuilder()
      .op("invoke", "nemesis", "start-partition", {}, 100)
      .op("info", "nemesis", "start-partition", {}, 110)
      .op("invoke", 0, "acquire", { resource: "r1" }, 200)
      .op("invoke", "nemesis", "stop-partition", {}, 300)
      .op("info", "nemesis", "stop-partition", {}, 310)
      .op("ok", 0, "acquire", { resource: "r1", token: "1" }, 400)
      .build();
    expect(faultAvailability(history, shading)).toEqual({ attempted: 1, granted: 0, unavailable: true });
  });

  it("is available when a grant came back while the fault was in force", () => {
    const history = historyBuilder()
      .op("invoke", "nemesis", "start-partition", {}, 100)
      .op("info", "nemesis", "start-partition", {}, 110)
      .op("invoke", 0, "acquire", { resource: "r1" }, 200)
      .op("ok", 0, "acquire", { resource: "r1", token: "1" }, 250)
      .op("invoke", "nemesis", "stop-partition", {}, 300)
      .build();
    expect(faultAvailability(history, shading).unavailable).toBe(false);
  });

  it("does not count a grant that raced the fault's start op against the design", () => {
    const history = historyBuilder()
      .op("invoke", 0, "acquire", { resource: "r1" }, 50)
      .op("invoke", "nemesis", "start-partition", {}, 100)
      .op("ok", 0, "acquire", { resource: "r1", token: "1" }, 105)
      .op("info", "nemesis", "start-partition", {}, 110)
      .op("invoke", 1, "acquire", { resource: "r1" }, 200)
      .op("invoke", "nemesis", "stop-partition", {}, 300)
      .build();
    expect(faultAvailability(history, shading)).toEqual({ attempted: 1, granted: 0, unavailable: true });
  });
});
