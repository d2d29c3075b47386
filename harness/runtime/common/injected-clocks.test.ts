import { describe, expect, it } from "vitest";
import { HarnessError, nodeId } from "../../../core/index.js";
import type { ClockInjection, ClockInjector, ProcessClockReading } from "./clock-injector.js";
import { createInjectedClocks, joinInjectedClocks } from "./injected-clocks.js";

const l1 = nodeId("l1");

/** An injector over pretend processes: each reads `base + (now - base) * rate + offset` from the moment its settings were written. */
function pretendInjector(now: () => number): { injector: ClockInjector; alive: Set<number>; calls: string[] } {
  const alive = new Set<number>();
  const settings = new Map<number, { injection: ClockInjection; baseMs: number }>();
  const calls: string[] = [];
  const gone = (pid: number): HarnessError => new HarnessError("nemesis.fault-not-applied", `Clock injector "x ${pid}" exited with code 4 (no such process)`);
  const readingOf = (pid: number): number => {
    const s = settings.get(pid);
    if (s === undefined) return now();
    return s.baseMs + (now() - s.baseMs) * s.injection.rate + s.injection.offsetNs / 1e6;
  };
  const injector: ClockInjector = {
    async inject(pid, injection) {
      calls.push(`inject ${pid} ${Math.round(injection.offsetNs / 1e6)} ms x${injection.rate}${injection.monotonic ? " monotonic" : ""}`);
      if (!alive.has(pid)) throw gone(pid);
      settings.set(pid, { injection, baseMs: now() });
    },
    async set() {
      throw new Error("the clocks write settings with inject");
    },
    async remove(pid) {
      calls.push(`remove ${pid}`);
      if (!alive.has(pid)) throw gone(pid);
      settings.delete(pid);
    },
    async read(pid): Promise<ProcessClockReading> {
      if (!alive.has(pid)) throw gone(pid);
      const offsetNs = (readingOf(pid) - now()) * 1e6;
      return { pid, clock: "realtime", patched: settings.has(pid), readOffsetNs: offsetNs, uncertaintyNs: 0, processNs: 0n, realNs: 0n, settings: { offsetNs: 0, rate: 1, monotonic: false } };
    },
  };
  return { injector, alive, calls };
}

function fixture(descendants?: (pid: number) => number[], monotonic = false): { clocks: ReturnType<typeof createInjectedClocks>; injector: ClockInjector; alive: Set<number>; calls: string[]; advance: (ms: number) => void } {
  let now = 1_000_000;
  const { injector, alive, calls } = pretendInjector(() => now);
  const clocks = createInjectedClocks({ injectorOf: () => injector, wallMs: () => now, monotonic, ...(descendants ? { descendants: async (_node, pid) => descendants(pid) } : {}) });
  return { clocks, injector, alive, calls, advance: (ms) => void (now += ms) };
}

describe("injected clocks", () => {
  it("moves every attached process of a node, and proves it by what each reads", async () => {
    const { clocks, alive } = fixture();
    alive.add(11).add(12);
    await clocks.attach(l1, 11);
    await clocks.attach(l1, 12);
    await clocks.set(l1, { offsetMs: 6_000, rate: 1 });
    expect(await clocks.readEach(l1)).toEqual([{ pid: 11, offsetMs: 6_000, uncertaintyMs: 0 }, { pid: 12, offsetMs: 6_000, uncertaintyMs: 0 }]);
    expect(await clocks.read(l1)).toMatchObject({ node: l1, offsetMs: 6_000 });
  });

  it("moves the children a process forked with it, before and after the change, and reads them too", async () => {
    const children = new Map<number, number[]>([[11, [21]]]);
    const { clocks, alive, calls } = fixture((pid) => children.get(pid) ?? []);
    alive.add(11).add(21).add(22);
    await clocks.attach(l1, 11);
    children.set(11, [21, 22]);
    await clocks.set(l1, { offsetMs: 6_000, rate: 1 });
    expect(calls).toEqual(["inject 11 0 ms x1", "inject 21 0 ms x1", "inject 11 6000 ms x1", "inject 21 6000 ms x1", "inject 22 6000 ms x1"]);
    expect((await clocks.readEach(l1)).map((r) => [r.pid, r.offsetMs])).toEqual([[11, 6_000], [21, 6_000], [22, 6_000]]);
  });

  it("goes on past a child that exited before its turn", async () => {
    const { clocks, alive, calls } = fixture((pid) => (pid === 11 ? [21, 22] : []));
    alive.add(11).add(22);
    await clocks.attach(l1, 11);
    await clocks.set(l1, { offsetMs: -4_000, rate: 1 });
    expect(calls.slice(-3)).toEqual(["inject 11 -4000 ms x1", "inject 21 -4000 ms x1", "inject 22 -4000 ms x1"]);
    expect(await clocks.read(l1)).toMatchObject({ offsetMs: -4_000 });
  });

  it("with moved monotonic clocks, keeps each attached process's monotonic clock after its attach plus a second, and says nothing without them", async () => {
    const moved = fixture(undefined, true);
    moved.alive.add(11).add(12);
    await moved.clocks.attach(l1, 11);
    moved.advance(3_000);
    await moved.clocks.attach(l1, 12);
    moved.advance(500);
    // Process 12, attached 500 ms ago, bounds it: its clock may not go back before its attach plus 1 s.
    expect(moved.clocks.monotonicFloor?.(l1, 1_003_500)).toBe(500);
    expect(moved.clocks.monotonicFloor?.(l1, 1_010_000)).toBe(-6_000);
    expect(fixture().clocks.monotonicFloor).toBeUndefined();
  });

  it("joined to libfaketime's clocks, takes the higher of the two floors", async () => {
    const moved = fixture(undefined, true);
    moved.alive.add(11);
    await moved.clocks.attach(l1, 11);
    const base = { set: () => undefined, read: async () => ({ node: l1, offsetMs: 0 }), expectedOffset: () => 0 };
    expect(joinInjectedClocks({ ...base, monotonicFloor: () => -5_000 }, moved.clocks).monotonicFloor?.(l1, 1_004_000)).toBe(-3_000);
    expect(joinInjectedClocks({ ...base, monotonicFloor: () => 700 }, moved.clocks).monotonicFloor?.(l1, 1_004_000)).toBe(700);
    expect(joinInjectedClocks(base, fixture().clocks).monotonicFloor).toBeUndefined();
  });

  it("gives a process attached later (a restart) the node's clock as it reads now, its rate's drift included", async () => {
    const { clocks, alive, advance } = fixture();
    alive.add(11);
    await clocks.attach(l1, 11);
    await clocks.set(l1, { offsetMs: 1_000, rate: 2 });
    advance(500);
    alive.add(21);
    await clocks.attach(l1, 21);
    advance(500);
    // 1 s at twice real speed: the node gained 1 s on the 1 s offset; both processes read it.
    expect((await clocks.readEach(l1)).map((r) => r.offsetMs)).toEqual([2_000, 2_000]);
    expect(clocks.expectedOffset(l1, 1_001_000)).toBe(2_000);
  });

  it("forgets a process that has exited, and reads nothing when no process is left", async () => {
    const { clocks, alive } = fixture();
    alive.add(11);
    await clocks.attach(l1, 11);
    alive.delete(11);
    await clocks.set(l1, { offsetMs: -3_000, rate: 1 });
    await expect(clocks.read(l1)).resolves.toBeUndefined();
  });

  it("refuses a reading whose processes read different clocks", async () => {
    const { clocks, injector, alive } = fixture();
    alive.add(11).add(12);
    await clocks.attach(l1, 11);
    await clocks.attach(l1, 12);
    await clocks.set(l1, { offsetMs: 5_000, rate: 1 });
    await injector.inject(12, { offsetNs: 0, rate: 1, monotonic: false });
    await expect(clocks.read(l1)).rejects.toThrow(/its processes read different clocks \(11: 5000 ms, 12: 0 ms\)/);
  });

  it("restores every attached live process", async () => {
    const { clocks, alive, calls } = fixture();
    alive.add(11).add(12);
    await clocks.attach(l1, 11);
    await clocks.attach(nodeId("l2"), 12);
    alive.delete(12);
    await clocks.detachAll();
    expect(calls.filter((c) => c.startsWith("remove")).sort()).toEqual(["remove 11", "remove 12"]);
  });
});
