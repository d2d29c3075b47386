import { describe, expect, it } from "vitest";
import { createRng } from "./rng.js";
import { timeLimitWithGrace } from "./cycle-grace.js";
import type { GenContext, Generator } from "./generator.js";
import type { Op, ProcessId } from "./op.js";

const MS = 1e6;
const LIMIT = 3000 * MS;

/** Two clients, each looping acquire -> write -> release; state per process, busy while an op is in flight. */
function cycles(steps: Readonly<Record<number, number>> = {}, busy: ReadonlySet<number> = new Set()): Generator {
  const order = ["acquire", "write", "release"];
  return {
    op(ctx) {
      const free = [...ctx.freeProcesses].filter((p): p is number => typeof p === "number" && !busy.has(p)).sort();
      const p = free[0];
      if (p === undefined) return "pending";
      return [{ process: p, f: order[(steps[p] ?? 0) % 3] as string, value: { resource: "r1" } }, cycles(steps, busy)];
    },
    update(_ctx, event) {
      if (typeof event.process !== "number") return cycles(steps, busy);
      const p = event.process;
      if (event.type === "invoke") return cycles(steps, new Set([...busy, p]));
      const rest = new Set(busy);
      rest.delete(p);
      return cycles({ ...steps, [p]: (steps[p] ?? 0) + 1 }, rest);
    },
  };
}

function ctx(time: number, free: ProcessId[]): GenContext {
  return { time, freeProcesses: new Set(free), concurrency: 2, rng: createRng(1) };
}

function op(process: ProcessId, type: Op["type"], f: string, time: number, value: unknown = { resource: "r1" }): Op {
  return { index: 0, time, process, type, f, value } as Op;
}

const pauseOf = (process: number): Op => op("nemesis", "invoke", "pause", 100 * MS, { nodes: ["c1"], process });
const claims = (event: Op): number | undefined =>
  event.process === "nemesis" && event.f === "pause" && event.type === "invoke" ? (event.value as { process: number }).process : undefined;

/** The op a result asks for, or what it said instead. */
function asked(result: ReturnType<Generator["op"]>): unknown {
  return result === undefined || result === "pending" ? result : result[0];
}

function after(gen: Generator, ...events: Op[]): Generator {
  return events.reduce((g, e) => g.update(ctx(e.time, []), e), gen);
}

describe("timeLimitWithGrace", () => {
  it("passes every op before the limit and none after it when no client was paused", () => {
    const gen = timeLimitWithGrace(LIMIT, cycles(), { claims });
    expect(gen.op(ctx(100 * MS, [0, 1]))).not.toBe(undefined);
    expect(gen.op(ctx(LIMIT, [0, 1]))).toBe(undefined);
  });

  it("lets a client paused in mid-cycle finish it after the limit, and no more", () => {
    // Client 0 acquired, then was paused: its write and release are still to come.
    let gen = after(timeLimitWithGrace(LIMIT, cycles(), { claims }), op(0, "invoke", "acquire", 0), op(0, "ok", "acquire", 50 * MS), pauseOf(0));
    expect(asked(gen.op(ctx(LIMIT + 500 * MS, [0, 1])))).toMatchObject({ process: 0, f: "write" });
    gen = after(gen, op(0, "invoke", "write", LIMIT + 500 * MS), op(0, "ok", "write", LIMIT + 600 * MS));
    expect(asked(gen.op(ctx(LIMIT + 600 * MS, [0, 1])))).toMatchObject({ process: 0, f: "release" });
    gen = after(gen, op(0, "invoke", "release", LIMIT + 600 * MS), op(0, "ok", "release", LIMIT + 610 * MS));
    expect(gen.op(ctx(LIMIT + 610 * MS, [0, 1]))).toBe(undefined);
  });

  it("waits while the paused client's op is still in flight, giving other clients nothing", () => {
    const gen = after(timeLimitWithGrace(LIMIT, cycles(), { claims }), op(0, "ok", "acquire", 50 * MS), pauseOf(0), op(0, "invoke", "write", 60 * MS));
    expect(gen.op(ctx(LIMIT + 100 * MS, [1]))).toBe("pending");
  });

  it("forgets a paused client once it begins a new cycle before the limit", () => {
    const gen = after(timeLimitWithGrace(LIMIT, cycles(), { claims }), pauseOf(0), op(0, "invoke", "acquire", 2000 * MS), op(0, "fail", "acquire", 2100 * MS));
    expect(gen.op(ctx(LIMIT, [0, 1]))).toBe(undefined);
  });

  it("forgets a paused client whose thread has moved on to a later process, even when the pause came after it retired", () => {
    // The 1-hour soak's shape: process 0 retired (info) while holding a lease; a pause aimed at that lease's holder
    // then claimed it. Its thread's process is now 2 (0 + concurrency), free: nothing is left to finish.
    const gen = after(timeLimitWithGrace(LIMIT, cycles(), { claims }), op(0, "invoke", "write", 60 * MS), op(0, "info", "write", 90 * MS), pauseOf(0));
    expect(gen.op(ctx(LIMIT, [1, 2]))).toBe(undefined);
  });

  it("forgets a claimed process once a later process of its thread is seen, and keeps a claimed one that is still running", () => {
    let gen = after(timeLimitWithGrace(LIMIT, cycles(), { claims }), op(0, "info", "write", 90 * MS), pauseOf(0), op(2, "invoke", "acquire", 200 * MS));
    expect(gen.op(ctx(LIMIT, [1]))).toBe(undefined);
    gen = after(timeLimitWithGrace(LIMIT, cycles(), { claims }), op(0, "ok", "acquire", 50 * MS), pauseOf(0), op(3, "invoke", "acquire", 200 * MS));
    expect(asked(gen.op(ctx(LIMIT, [0, 3])))).toMatchObject({ process: 0, f: "write" });
  });

  it("forgets a paused client that retires", () => {
    const gen = after(timeLimitWithGrace(LIMIT, cycles(), { claims }), pauseOf(0), op(0, "invoke", "write", 60 * MS), op(0, "info", "write", 2900 * MS));
    expect(gen.op(ctx(LIMIT, [0, 1, 2]))).toBe(undefined);
  });
});
