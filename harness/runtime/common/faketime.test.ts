import { describe, expect, it } from "vitest";
import { nodeId } from "../../../core/index.js";
import { faketimeEnv, faketimeSpec, MONOTONIC_START_MARGIN_MS, monotonicFloorMs, nodeOffsetAt, probeStartUncertaintyMs, processSkew, REAL_CLOCK, setSkewAndVerify, skewNotApplied, type SkewableClocks } from "./faketime.js";

describe("faketimeSpec", () => {
  it.each([
    [{ offsetMs: 0, rate: 1 }, "+0.000000 x1"],
    [{ offsetMs: 2500, rate: 0.5 }, "+2.500000 x0.5"],
    [{ offsetMs: -3250, rate: 2 }, "-3.250000 x2"],
    [{ offsetMs: 0.5, rate: 0.3333333 }, "+0.000500 x0.333333"],
  ])("writes %j as %s", (skew, line) => {
    expect(faketimeSpec(skew)).toBe(line);
  });

  it("refuses a rate of zero or less, which libfaketime would turn into endless sleeps", () => {
    expect(() => faketimeSpec({ offsetMs: 0, rate: 0 })).toThrow(RangeError);
    expect(() => faketimeSpec({ offsetMs: Number.NaN, rate: 1 })).toThrow(RangeError);
  });
});

describe("processSkew", () => {
  it("leaves an offset at real speed alone, whenever the process started", () => {
    const state = { skew: { offsetMs: 4000, rate: 1 }, setAtMs: 10_000 };
    expect(processSkew(state, 1_000)).toEqual({ offsetMs: 4000, rate: 1 });
  });

  it("makes a process started before the change read the node's clock at every later time", () => {
    const state = { skew: { offsetMs: 1000, rate: 0.5 }, setAtMs: 10_000 };
    const startedAt = 4_000;
    const file = processSkew(state, startedAt);
    for (const t of [10_000, 11_000, 20_000]) {
      const processClock = startedAt + file.offsetMs + (t - startedAt) * file.rate;
      expect(processClock - t).toBeCloseTo(nodeOffsetAt(state, t), 6);
    }
  });

  it("makes a process started after the change agree too", () => {
    const state = { skew: { offsetMs: -500, rate: 2 }, setAtMs: 10_000 };
    const file = processSkew(state, 12_000);
    const t = 15_000;
    expect(12_000 + file.offsetMs + (t - 12_000) * 2 - t).toBeCloseTo(nodeOffsetAt(state, t), 6);
  });
});

describe("nodeOffsetAt", () => {
  it("is the offset set, drifting by (rate - 1) per real ms since", () => {
    expect(nodeOffsetAt(REAL_CLOCK, 123_456)).toBe(0);
    expect(nodeOffsetAt({ skew: { offsetMs: 100, rate: 0.25 }, setAtMs: 1000 }, 3000)).toBe(100 - 1500);
  });
});

describe("faketimeEnv", () => {
  it("leaves the monotonic clock real unless asked, and re-reads the file on every read", () => {
    const env = faketimeEnv("/lib/f.so", "/run/x/l1.1");
    expect(env).toEqual({ LD_PRELOAD: "/lib/f.so", FAKETIME_TIMESTAMP_FILE: "/run/x/l1.1", FAKETIME_NO_CACHE: "1", FAKETIME_DONT_FAKE_MONOTONIC: "1" });
    expect(faketimeEnv("/lib/f.so", "/f", { monotonic: true })).not.toHaveProperty("FAKETIME_DONT_FAKE_MONOTONIC");
  });
});

describe("probeStartUncertaintyMs", () => {
  it("is nothing at real speed, however long the probe took to start", () => {
    expect(probeStartUncertaintyMs({ skew: { offsetMs: 500, rate: 1 }, setAtMs: 0 }, 1_000, 1_400)).toBe(0);
  });

  it("is the probe's start window times how far the rate is from 1", () => {
    expect(probeStartUncertaintyMs({ skew: { offsetMs: 0, rate: 2 }, setAtMs: 0 }, 1_000, 1_300)).toBe(300);
    expect(probeStartUncertaintyMs({ skew: { offsetMs: 0, rate: 0.5 }, setAtMs: 0 }, 1_000, 1_300)).toBe(150);
  });
});

describe("skewNotApplied", () => {
  const n1 = nodeId("n1");
  it("accepts a reading within the tolerance and the reading's own uncertainty", () => {
    expect(skewNotApplied(n1, { node: n1, offsetMs: 55, uncertaintyMs: 103 }, 300)).toBeUndefined();
  });

  it("names the node, the reading and the expected offset when the clock is off by more", () => {
    expect(skewNotApplied(n1, { node: n1, offsetMs: 55, uncertaintyMs: 103 }, 647)?.message).toBe(
      'Cannot skew the clock of node "n1": it reads 55 ms (±103) from real time, not 647 ms',
    );
    expect(skewNotApplied(n1, { node: n1, offsetMs: 0 }, 60_000)?.code).toBe("nemesis.fault-not-applied");
  });
});

describe("monotonicFloorMs", () => {
  it("keeps every process's monotonic clock after its own start plus the margin", () => {
    // Started at 10 s under no offset, now 12 s: it read 10 s then, so the clock may go back 2 s less the margin.
    expect(monotonicFloorMs([{ startedAtMs: 10_000, offsetAtStartMs: 0 }], 12_000)).toBe(-2_000 + MONOTONIC_START_MARGIN_MS);
    // Started under +4 s: a reset to real time would put it 4 s before its start until it is 4 s old.
    expect(monotonicFloorMs([{ startedAtMs: 10_000, offsetAtStartMs: 4_000 }, { startedAtMs: 1_000, offsetAtStartMs: 0 }], 11_000)).toBe(3_000 + MONOTONIC_START_MARGIN_MS);
    expect(monotonicFloorMs([], 11_000)).toBe(-Infinity);
  });
});

describe("setSkewAndVerify", () => {
  /** Clocks whose node has one process started at 0 ms under no offset, on a fake clock that sleeps instantly. */
  function fixture(monotonic: boolean): { clocks: SkewableClocks; clock: { wallMs: () => number; sleep: (ms: number) => Promise<void> }; setAt: number[] } {
    let now = 1_000;
    let offset = 0;
    const setAt: number[] = [];
    const clocks: SkewableClocks = {
      set: (_node, skew) => { setAt.push(now); offset = skew.offsetMs; },
      read: async (node) => ({ node, offsetMs: offset, atMs: now }),
      expectedOffset: () => offset,
      ...(monotonic ? { monotonicFloor: (_node: string, atMs: number) => monotonicFloorMs([{ startedAtMs: 0, offsetAtStartMs: 0 }], atMs) } : {}),
    };
    return { clocks, setAt, clock: { wallMs: () => now, sleep: async (ms: number) => void (now += ms) } };
  }

  it("sets a faked monotonic clock back only once no process would read a time before its own start", async () => {
    const { clocks, clock, setAt } = fixture(true);
    await setSkewAndVerify(nodeId("s1"), { offsetMs: -4_000, rate: 1 }, clocks, clock);
    expect(setAt).toEqual([4_000 + MONOTONIC_START_MARGIN_MS]);
  });

  it("sets a wall-clock-only skew, or a forward one, at once", async () => {
    const wallOnly = fixture(false);
    await setSkewAndVerify(nodeId("s1"), { offsetMs: -4_000, rate: 1 }, wallOnly.clocks, wallOnly.clock);
    expect(wallOnly.setAt).toEqual([1_000]);
    const forward = fixture(true);
    await setSkewAndVerify(nodeId("s1"), { offsetMs: 4_000, rate: 1 }, forward.clocks, forward.clock);
    expect(forward.setAt).toEqual([1_000]);
  });
});
