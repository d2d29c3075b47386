import { describe, expect, it } from "vitest";
import type { Op } from "../../core/index.js";
import { historyBuilder, type HistoryBuilder } from "../testing/index.js";
import { clockMovedDuring, lockClockMoves, type LockClockMoves } from "./lock-clock-moves.js";

const LOCK = new Set(["l1", "l2"]);

/** A nemesis op from invoke to completion (ms); `error` makes the completion carry one, `pending` leaves it out. */
function nemesis(b: HistoryBuilder, f: string, value: unknown, [t0, t1]: readonly [number, number], done: "ok" | "error" | "pending" = "ok"): HistoryBuilder {
  b.op("invoke", "nemesis", f, value, t0);
  if (done === "pending") return b;
  return b.op("info", "nemesis", f, value, t1, done === "error" ? "nemesis-error" : undefined);
}

const jump = (node: string, offsetMs: number, rate = 1) => ({ skews: { [node]: { offsetMs, rate } } });

/** The moved intervals in ms. */
function spans(moves: LockClockMoves): [number, number][] {
  return Array.from(moves.starts, (s, i) => [s / 1e6, (moves.ends[i] as number) / 1e6]);
}

const moved = (history: Op[], fromMs: number, toMs: number) => clockMovedDuring(lockClockMoves(history, LOCK), fromMs * 1e6, toMs * 1e6);

describe("lock clock moves", () => {
  it("moves a lock node's clock only over a jump's window: a constant offset at rate 1 times a lease as the real clock does", () => {
    const history = nemesis(historyBuilder(), "clock", jump("l1", 4000), [100, 110]).build();
    expect(spans(lockClockMoves(history, LOCK))).toEqual([[100, 110]]);
    expect(lockClockMoves(history, LOCK).nodes).toEqual(["l1"]);
    expect(moved(history, 0, 99)).toBe(false);
    expect(moved(history, 0, 100)).toBe(true);
    expect(moved(history, 110, 5000)).toBe(true);
    expect(moved(history, 110 + 1e-6, 5000)).toBe(false);
  });

  it("keeps a clock at another rate moving until a reset of it has completed", () => {
    const b = nemesis(historyBuilder(), "clock", { skews: { l2: { rate: 0.5 } } }, [100, 110]);
    expect(spans(lockClockMoves(b.build(), LOCK))).toEqual([[100, Infinity]]);
    nemesis(b, "reset-clock", { nodes: ["l2"] }, [3000, 3010]);
    expect(spans(lockClockMoves(b.build(), LOCK))).toEqual([[100, 3010]]);
    // A later jump back to rate 1 ends the drift as well.
    const back = nemesis(nemesis(historyBuilder(), "clock", jump("l1", 0, 2), [100, 110]), "clock", jump("l1", 500), [2000, 2005]).build();
    expect(spans(lockClockMoves(back, LOCK))).toEqual([[100, 2005]]);
  });

  it("leaves a clock moving where a reset failed, never completed, or named no node it reset", () => {
    const drifting = () => nemesis(historyBuilder(), "clock", jump("l1", 0, 2), [100, 110]);
    expect(spans(lockClockMoves(nemesis(drifting(), "reset-clock", { nodes: ["l1"] }, [3000, 3010], "error").build(), LOCK))).toEqual([[100, Infinity]]);
    expect(spans(lockClockMoves(nemesis(drifting(), "reset-clock", { nodes: ["l1"] }, [3000, 0], "pending").build(), LOCK))).toEqual([[100, Infinity]]);
    expect(spans(lockClockMoves(nemesis(drifting(), "reset-clock", null, [3000, 3010]).build(), LOCK))).toEqual([[100, Infinity]]);
    // A jump that never completed may land any time after its invoke.
    expect(spans(lockClockMoves(nemesis(historyBuilder(), "clock", jump("l1", 4000), [100, 0], "pending").build(), LOCK))).toEqual([[100, Infinity]]);
  });

  it("ignores the clocks of nodes that are not lock nodes, and a run whose nemesis moved no clock", () => {
    const history = nemesis(nemesis(historyBuilder(), "clock", jump("c1", 4000, 0.5), [100, 110]), "kill", { nodes: ["l1"] }, [200, 210]).build();
    expect(lockClockMoves(history, LOCK)).toMatchObject({ nodes: [], unreadable: "" });
    expect(moved(history, 0, Infinity)).toBe(false);
  });

  it("counts a restart of a lock node whose clock is moved, whose new process may read the real clock until the moved one reaches it", () => {
    const b = nemesis(historyBuilder(), "clock", jump("l1", 4000), [100, 110]);
    nemesis(b, "restart", { nodes: ["l1"] }, [500, 700]).op("invoke", "nemesis", "kill", { nodes: ["l2"] }, 800).op("info", "nemesis", "kill", { nodes: ["l2"] }, 810);
    nemesis(b, "restart", { nodes: ["l2"] }, [900, 1000]);
    expect(spans(lockClockMoves(b.build(), LOCK))).toEqual([[100, 110], [500, 700]]);
  });

  it("moves a lock node's clock from a pause that freezes it until the end of the run", () => {
    const history = nemesis(historyBuilder(), "pause", { nodes: ["l1"], freezeClock: true, durationMs: 300 }, [100, 110]).build();
    expect(spans(lockClockMoves(history, LOCK))).toEqual([[100, Infinity]]);
    expect(lockClockMoves(nemesis(historyBuilder(), "pause", { nodes: ["l1"] }, [100, 110]).build(), LOCK).nodes).toEqual([]);
  });

  it("pairs a last heal's invokes with their completions in order", () => {
    const b = nemesis(historyBuilder(), "clock", jump("l1", 0, 2), [100, 110]);
    b.op("invoke", "nemesis", "reset-clock", { nodes: ["l1"] }, 3000).op("invoke", "nemesis", "resume", { nodes: ["c1"] }, 3000)
      .op("info", "nemesis", "reset-clock", { nodes: ["l1"] }, 3050).op("info", "nemesis", "resume", { nodes: ["c1"] }, 3050);
    expect(spans(lockClockMoves(b.build(), LOCK))).toEqual([[100, 3050]]);
  });

  it("gives up on every lease where a clock op it must read is unreadable", () => {
    const noRate = nemesis(historyBuilder(), "clock", { skews: { l1: { offsetMs: 4000 } } }, [100, 110]).build();
    expect(lockClockMoves(noRate, LOCK).unreadable).toMatch(/^the nemesis "clock" op at 0\.100 s gives lock node l1 a skew this cannot read$/);
    const unpaired = nemesis(historyBuilder(), "clock", jump("l1", 4000), [100, 110]).op("info", "nemesis", "reset-clock", { nodes: ["l1"] }, 200).build();
    expect(lockClockMoves(unpaired, LOCK).unreadable).toMatch(/pairs with no invoke/);
    const stray = historyBuilder().op("invoke", "nemesis", "clock", { skews: {} }, 100).op("info", "nemesis", "clock", { skews: {}, clocks: { l2: 40 } }, 110).build();
    expect(lockClockMoves(stray, LOCK).unreadable).toMatch(/read lock node l2's clock without naming its skew/);
  });
});
