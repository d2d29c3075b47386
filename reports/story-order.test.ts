import { describe, expect, it } from "vitest";
import { inTimeOrder } from "./story-order.js";

describe("a story's facts in time order", () => {
  it("sorts facts by time and keeps ties in their order", () => {
    const facts = [{ time: 4.32e9, text: "expired" }, { time: 3.64e9, text: "acquired" }, { time: 3.64e9, text: "wrote" }];
    expect(inTimeOrder(facts).map((f) => f.text)).toEqual(["acquired", "wrote", "expired"]);
  });

  it("keeps a fact with no time right after the fact before it", () => {
    const facts = [{ time: 5e9, text: "late" }, { time: undefined, text: "about late" }, { time: 1e9, text: "early" }];
    expect(inTimeOrder(facts).map((f) => f.text)).toEqual(["early", "late", "about late"]);
  });
});
