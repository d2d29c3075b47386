import { describe, expect, it } from "vitest";
import { opDeadline, type DeadlineTimers } from "./op-deadline.js";

/** Timers that fire only when the test says so, and tell which are still set. */
function fakeTimers() {
  const live = new Map<number, () => void>();
  let next = 0;
  const timers: DeadlineTimers = {
    setTimeout(callback) {
      live.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => void live.delete(handle as number),
  };
  return { timers, live, fireAll: () => [...live.values()].forEach((f) => f()) };
}

describe("op deadline", () => {
  it("aborts its signal when the timer fires", () => {
    const t = fakeTimers();
    const d = opDeadline(50, undefined, t.timers);
    expect(d.signal.aborted).toBe(false);
    t.fireAll();
    expect(d.signal.aborted).toBe(true);
  });

  it("aborts at once when the joined signal aborts, and stops its timer", () => {
    const t = fakeTimers();
    const stop = new AbortController();
    const d = opDeadline(50, stop.signal, t.timers);
    stop.abort();
    expect(d.signal.aborted).toBe(true);
    expect(t.live.size).toBe(0);
  });

  it("is aborted from the start when the joined signal already was", () => {
    const t = fakeTimers();
    const d = opDeadline(50, AbortSignal.abort(), t.timers);
    expect(d.signal.aborted).toBe(true);
    expect(t.live.size).toBe(0);
  });

  it("leaves nothing behind once cleared: no timer, and a later stop does not abort it", () => {
    const t = fakeTimers();
    const stop = new AbortController();
    const d = opDeadline(50, stop.signal, t.timers);
    d.clear();
    expect(t.live.size).toBe(0);
    stop.abort();
    expect(d.signal.aborted).toBe(false);
  });

  it("aborts on the real clock too", async () => {
    const d = opDeadline(5);
    await new Promise<void>((resolve) => d.signal.addEventListener("abort", () => resolve()));
    expect(d.signal.aborted).toBe(true);
  });
});
