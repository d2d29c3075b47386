import { describe, expect, it } from "vitest";
import { persistMode, persistPolicy } from "./persist-policy.js";

function harness(mode: "grant" | "timer") {
  const saves: string[][] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const persist = persistPolicy({
    mode,
    save: (resources) => void saves.push([...resources]),
    everyMs: 300,
    setInterval: (callback, ms) => timers.push({ callback, ms }),
  });
  return { persist, saves, timers };
}

describe("persistPolicy", () => {
  it("saves a grant's change before the grant is answered in grant mode", async () => {
    const { persist, saves, timers } = harness("grant");
    const a = persist("r1");
    const b = persist("r2");
    expect(saves).toEqual([]);
    await Promise.all([a, b]);
    expect(saves).toEqual([["r1", "r2"]]);
    expect(timers).toEqual([]);
  });

  it("answers at once in timer mode and saves the changes only when the timer fires", () => {
    const { persist, saves, timers } = harness("timer");
    expect(persist("r1")).toBeUndefined();
    persist("r1");
    persist("r2");
    expect(saves).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([300]);
    timers[0]?.callback();
    expect(saves).toEqual([["r1", "r2"]]);
    timers[0]?.callback();
    expect(saves).toHaveLength(1);
  });

  it("refuses a persist mode it does not know", () => {
    expect(persistMode("timer")).toBe("timer");
    expect(() => persistMode("never")).toThrow(/--persist "never"/);
  });
});
