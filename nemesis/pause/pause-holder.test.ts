import { describe, expect, it } from "vitest";
import { createRng, nodeId, type Generator, type Op, type ProcessId } from "../../core/index.js";
import { aimedPauseGenerator, pauseHolderGenerator } from "./pause-holder.js";

const MS = 1e6;

function ctx(time: number, free: ProcessId[] = ["nemesis"]) {
  return { time, freeProcesses: new Set(free), concurrency: 2, rng: createRng(1) };
}

function acquired(process: number, time: number): Op {
  return { index: 0, time, process, type: "ok", f: "acquire", value: { resource: "r1", token: "33" }, node: nodeId(`c${process + 1}`) };
}

/** Another client's acquire of r1, still waiting: the holder's grant is contended. */
const waiter: Op = { index: 0, time: 0, process: 9, type: "invoke", f: "acquire", value: { resource: "r1" }, node: nodeId("c10") };

function wrote(process: number, resource: string, time: number): Op {
  return { index: 0, time, process, type: "ok", f: "write", value: { resource, value: "v", token: "34" }, node: nodeId(`c${process + 1}`) };
}

function next(gen: Generator, time: number): unknown {
  const r = gen.op(ctx(time));
  return r === undefined || r === "pending" ? r : r[0];
}

function step(gen: Generator, time: number): [Op, Generator] {
  const r = gen.op(ctx(time));
  if (r === undefined || r === "pending") throw new Error(`expected an op, got ${String(r)}`);
  const at = r[0].time ?? time;
  const invoke: Op = { index: 0, time: at, process: "nemesis", type: "invoke", f: r[0].f, value: r[0].value };
  const afterInvoke = r[1].update(ctx(at), invoke);
  const info: Op = { ...invoke, type: "info" };
  return [invoke, afterInvoke.update(ctx(at), info)];
}

describe("pauseHolderGenerator", () => {
  it("waits for an acquire before pausing anyone", () => {
    const gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 });
    expect(gen.op(ctx(5000 * MS))).toBe("pending");
  });

  it("pauses the run's first holder at once, without waiting for an interval", () => {
    const gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(0), waiter).update(ctx(5 * MS), acquired(0, 5 * MS));
    const [pause] = step(gen, 5 * MS);
    expect(pause).toMatchObject({ f: "pause", time: 5 * MS, value: { nodes: ["c1"] } });
  });

  it("pauses the node of the client that just acquired, naming its token", () => {
    const gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(0), waiter).update(ctx(2000 * MS), acquired(1, 2000 * MS));
    const [pause] = step(gen, 2000 * MS);
    expect(pause).toMatchObject({ f: "pause", value: { nodes: ["c2"], process: 1, token: "33", resource: "r1", durationMs: 3000, reason: "holder" } });
  });

  it("resumes the holder as soon as another client has written its resource", () => {
    let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(0), waiter).update(ctx(2000 * MS), acquired(1, 2000 * MS));
    [, gen] = step(gen, 2000 * MS);
    const otherResource = wrote(0, "r2", 3000 * MS);
    expect(next(gen.update(ctx(3000 * MS), otherResource), 3000 * MS)).toMatchObject({ f: "resume", time: 5000 * MS });
    const nextHolder = wrote(0, "r1", 4200 * MS);
    expect(next(gen.update(ctx(4200 * MS), nextHolder), 4200 * MS)).toMatchObject({ f: "resume", value: { nodes: ["c2"] }, time: 4200 * MS });
  });

  it("past the time limit, keeps its resume's time while the next holder's write is in flight, and resumes once it returns", () => {
    let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 4700 }).update(ctx(0), waiter).update(ctx(50 * MS), acquired(0, 50 * MS));
    [, gen] = step(gen, 50 * MS);
    const writing: Op = { ...wrote(1, "r1", 2100 * MS), type: "invoke", value: { resource: "r1", value: "v" } };
    gen = gen.update(ctx(2100 * MS), writing);
    const pastLimit = { ...ctx(3000 * MS), healOnly: new Set(["resume"]) };
    const waiting = gen.op(pastLimit);
    expect(waiting === undefined || waiting === "pending" ? waiting : waiting[0]).toMatchObject({ f: "resume", time: 4750 * MS, waitPastLimit: true });
    const written = gen.update(ctx(3600 * MS), wrote(1, "r1", 3600 * MS)).op({ ...pastLimit, time: 3600 * MS });
    expect(written === undefined || written === "pending" ? written : written[0]).toMatchObject({ f: "resume", time: 3600 * MS });
  });

  it("past the time limit, keeps its resume's time from the next holder's hold on, through its write, and not after a failed lease check", () => {
    let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 4700 }).update(ctx(0), waiter).update(ctx(50 * MS), acquired(0, 50 * MS));
    [, gen] = step(gen, 50 * MS);
    const op = (f: string, type: "invoke" | "ok" | "fail", at: number): Op => {
      const base = { index: 0, time: at * MS, process: 1, f, value: { resource: "r1" }, node: nodeId("c2") };
      return type === "fail" ? { ...base, type, error: { code: "lease-expired", message: "expired", definite: true } } : { ...base, type };
    };
    const pastLimit = (at: number) => ({ ...ctx(at * MS), healOnly: new Set(["resume"]) });
    const resumeOf = (g: Generator, at: number) => {
      const r = g.op(pastLimit(at));
      return r === undefined || r === "pending" ? r : r[0];
    };
    const holding = gen.update(ctx(2100 * MS), op("hold", "invoke", 2100));
    expect(resumeOf(holding, 3000)).toMatchObject({ f: "resume", waitPastLimit: true });
    const checked = holding.update(ctx(3100 * MS), op("hold", "ok", 3100)).update(ctx(3100 * MS), op("check-lease", "invoke", 3100));
    expect(resumeOf(checked.update(ctx(3101 * MS), op("check-lease", "ok", 3101)), 3101)).toMatchObject({ waitPastLimit: true });
    expect(resumeOf(checked.update(ctx(3101 * MS), op("check-lease", "fail", 3101)), 3101)).not.toHaveProperty("waitPastLimit");
  });

  it("past the time limit, resumes at once when no other client's write is in flight", () => {
    let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 4700 }).update(ctx(0), waiter).update(ctx(50 * MS), acquired(0, 50 * MS));
    [, gen] = step(gen, 50 * MS);
    const result = gen.op({ ...ctx(3000 * MS), healOnly: new Set(["resume"]) });
    expect(result === undefined || result === "pending" ? result : result[0]).not.toHaveProperty("waitPastLimit");
  });

  it("strikes at a grant another client is waiting for, not at one nobody else wants, until an interval has passed", () => {
    const lonely = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(5 * MS), acquired(0, 5 * MS));
    expect(lonely.op(ctx(5 * MS))).toBe("pending");
    const wanted = lonely.update(ctx(0), { ...waiter, time: 10 * MS }).update(ctx(20 * MS), acquired(1, 20 * MS));
    expect(next(wanted, 20 * MS)).toMatchObject({ f: "pause", value: { process: 1 } });
    const late = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(1500 * MS), acquired(0, 1500 * MS));
    expect(next(late, 1500 * MS)).toMatchObject({ f: "pause", value: { process: 0 } });
  });

  it("drops a holder it has not struck yet once that holder retires or releases, and aims at the next grant", () => {
    const busy = (time: number) => ({ ...ctx(time), freeProcesses: new Set<ProcessId>() });
    for (const end of [{ type: "info", f: "write" }, { type: "invoke", f: "release" }] as const) {
      let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(0), waiter).update(busy(2000 * MS), acquired(1, 2000 * MS));
      expect(gen.op(busy(2001 * MS))).toBe("pending");
      gen = gen.update(busy(2010 * MS), { index: 0, time: 2010 * MS, process: 1, ...end, value: { resource: "r1" }, node: nodeId("c2") });
      expect(next(gen, 2020 * MS)).toBe("pending");
      const [pause] = step(gen.update(ctx(2030 * MS), waiter).update(ctx(2030 * MS), acquired(0, 2030 * MS)), 2030 * MS);
      expect(pause).toMatchObject({ f: "pause", value: { process: 0 } });
    }
  });

  it("keeps a holder targeted through its own write invoke and another client's ops", () => {
    let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(0), waiter).update(ctx(2000 * MS), acquired(1, 2000 * MS));
    gen = gen.update(ctx(2001 * MS), { index: 0, time: 2001 * MS, process: 1, type: "invoke", f: "write", value: { resource: "r1" }, node: nodeId("c2") });
    gen = gen.update(ctx(2002 * MS), { index: 0, time: 2002 * MS, process: 0, type: "info", f: "acquire", value: { resource: "r1" }, node: nodeId("c1") });
    expect(next(gen, 2003 * MS)).toMatchObject({ f: "pause", value: { process: 1 } });
  });

  it("keeps a pause of fixed length when asked to", () => {
    let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000, resumeAfterNextWrite: false }).update(ctx(0), waiter).update(ctx(2000 * MS), acquired(1, 2000 * MS));
    [, gen] = step(gen, 2000 * MS);
    expect(next(gen.update(ctx(4200 * MS), wrote(0, "r1", 4200 * MS)), 4200 * MS)).toMatchObject({ f: "resume", time: 5000 * MS });
  });

  it("resumes the same node once the duration has passed, then waits an interval", () => {
    let gen = pauseHolderGenerator({ intervalMs: 1000, startNs: 0, durationMs: 3000 }).update(ctx(0), waiter).update(ctx(2000 * MS), acquired(1, 2000 * MS));
    [, gen] = step(gen, 2000 * MS);
    const [resume, after] = step(gen, 2000 * MS);
    expect(resume).toMatchObject({ f: "resume", value: { nodes: ["c2"] }, time: 5000 * MS });
    const soon = after.update(ctx(5500 * MS), acquired(0, 5500 * MS));
    expect(soon.op(ctx(5500 * MS))).toBe("pending");
  });

  it("aims a writer pause delayMs after the client's write was invoked", () => {
    const write: Op = { index: 0, time: 4000 * MS, process: 2, type: "invoke", f: "write", value: { resource: "r2", value: "v" }, node: nodeId("c3") };
    const gen = aimedPauseGenerator({ startNs: 0, intervalMs: 1000, durationMs: 3000, trigger: { f: "write", type: "invoke" }, delayMs: 40, reason: "writer" });
    const [pause] = step(gen.update(ctx(4000 * MS), write), 4000 * MS);
    expect(pause).toMatchObject({ f: "pause", time: 4040 * MS, value: { nodes: ["c3"], process: 2, resource: "r2", reason: "writer" } });
  });

  it("ignores acquires when it waits for writes", () => {
    const gen = aimedPauseGenerator({ startNs: 0, intervalMs: 0, durationMs: 3000, trigger: { f: "write", type: "invoke" }, delayMs: 40, reason: "writer" });
    expect(gen.update(ctx(1000 * MS), acquired(0, 1000 * MS)).op(ctx(1000 * MS))).toBe("pending");
  });
});

describe("pause-writer's aim", () => {
  async function writerSchedule(writeDelayMs?: number) {
    const { nemesisPackage } = await import("../registry.js");
    const workload = { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 50, acquireTimeoutMs: 1000, ...(writeDelayMs ? { writeDelayMs } : {}) };
    const config = {
      name: "t", seed: 1, runtime: "fake" as const, command: "", storeDir: "s", timeLimitMs: 10_000, opTimeoutMs: 1000,
      lock: { adapter: "reference", nodes: 1 }, storage: { kind: "fenced", nodes: 1 }, workload,
      nemesis: { faults: ["pause-writer"], intervalMs: 1000, options: {} },
    };
    return nemesisPackage(config).schedule(0);
  }
  const hold = (phase: string, holdMs: number, at = 1000): Op =>
    ({ index: 0, time: at * MS, process: 0, type: "invoke", f: "hold", value: { resource: "r1", phase, holdMs }, node: nodeId("c1") });

  it("strikes mid-way through the write delay, the window between the lease check and the write, so the write is sent after the pause", async () => {
    const gen = await writerSchedule(300);
    expect(next(gen.update(ctx(1000 * MS), hold("critical-section", 1400)), 1000 * MS)).toBe("pending");
    expect(next(gen.update(ctx(1000 * MS), hold("write-delay", 300)), 1000 * MS)).toMatchObject({ f: "pause", time: (1000 + 150) * MS });
  });

  it("strikes a third of the way into the critical section's hold when there is no write delay, after the read", async () => {
    const gen = await writerSchedule();
    expect(next(gen.update(ctx(1000 * MS), hold("critical-section", 1500)), 1000 * MS)).toMatchObject({ f: "pause", time: (1000 + 500) * MS });
  });

  it("gives up its aim when the hold it was aimed into returned before it struck", async () => {
    const gen = (await writerSchedule()).update(ctx(1000 * MS), hold("critical-section", 1500));
    const returned: Op = { ...hold("critical-section", 1500, 1200), type: "ok" };
    expect(next(gen.update(ctx(1200 * MS), returned), 1200 * MS)).toBe("pending");
  });
});
