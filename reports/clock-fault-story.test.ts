import { describe, expect, it } from "vitest";
import { historyBuilder, testRunConfig } from "../checkers/index.js";
import { lockClockFact } from "./clock-fault-story.js";

const config = testRunConfig("fenced", { lock: { adapter: "reference-wallclock", nodes: 1 } });
const back = { skews: { l1: { offsetMs: -4000, rate: 1 } }, package: "clock-jump" };
const reset = { nodes: ["l1"], package: "clock-jump" };

/** l1's clock moved 4 s back at 3.96 s and reset (4 s forward) at 9.96 s. */
const history = historyBuilder()
  .op("invoke", "nemesis", "clock", back, 3958).op("info", "nemesis", "clock", { ...back, clocks: { l1: -3996 } }, 4008)
  .op("invoke", "nemesis", "reset-clock", reset, 9958).op("info", "nemesis", "reset-clock", { ...reset, clocks: { l1: 3 } }, 9978)
  .build();

describe("the clock fault on a lock node behind a broken promise", () => {
  it("names the reset that jumped the clock forward, with the skew it undid, when the reset fell between the grants", () => {
    expect(lockClockFact(config, history, 8700e6, 9979e6)).toEqual({
      time: 9958e6, text: "The nemesis reset the clock of lock node l1 at 9.96 s; it had moved that clock 4000 ms back at 3.96 s",
    });
  });

  it("names a skew still in force over the grants", () => {
    expect(lockClockFact(config, history, 5000e6, 6000e6)?.text).toBe("The nemesis moved the clock of lock node l1 4000 ms back at 3.96 s");
  });

  it("names nothing when the clocks were real again before the first grant, or the fault missed the lock nodes", () => {
    expect(lockClockFact(config, history, 10_000e6, 11_000e6)).toBeUndefined();
    const storageOnly = historyBuilder().op("invoke", "nemesis", "clock", { skews: { s1: { offsetMs: 4000, rate: 1 } } }, 100).op("info", "nemesis", "clock", {}, 110).build();
    expect(lockClockFact(config, storageOnly, 200e6, 300e6)).toBeUndefined();
  });

  it("names nothing for a clock op that failed", () => {
    const failed = historyBuilder().op("invoke", "nemesis", "clock", back, 100).op("info", "nemesis", "clock", back, 110, "nemesis-error").build();
    expect(lockClockFact(config, failed, 200e6, 300e6)).toBeUndefined();
  });

  it("names every lock node one jump moved, how many of the lock nodes they are, and the grant it followed", () => {
    const redlock = testRunConfig("cas", { lock: { adapter: "redlock", nodes: 3 } });
    const majority = { skews: { l2: { offsetMs: 4000, rate: 1 }, l3: { offsetMs: 4000, rate: 1 } }, process: 3, resource: "r2", package: "clock-jump" };
    const jumped = historyBuilder().op("invoke", "nemesis", "clock", majority, 6529).op("info", "nemesis", "clock", majority, 6618).build();
    expect(lockClockFact(redlock, jumped, 6000e6, 7000e6)?.text).toBe(
      "The nemesis moved the clocks of lock nodes l2 and l3 (2 of 3, a majority) 4000 ms forward at 6.53 s, right after client 3 acquired r2; a lease timed on those clocks ends early on each of them",
    );
  });
});
