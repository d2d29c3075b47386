import { describe, expect, it } from "vitest";
import { nodeId, type Op, type RunConfig } from "../../core/index.js";
import { nemesisPackage, resolveNemesis } from "../registry.js";
import { driveSchedule } from "../schedule/drive-schedule.js";
import type { ClockValue } from "./clock-nemesis.js";
import { clockTargets } from "./clock-packages.js";
import { holderRate } from "./clock-plans.js";

function config(faults: string[], seed: number, options: RunConfig["nemesis"]["options"] = {}): RunConfig {
  return {
    name: "t", seed, runtime: "fake", command: "", storeDir: "/tmp/x", timeLimitMs: 60_000, opTimeoutMs: 1000,
    lock: { adapter: "reference", nodes: 3 },
    storage: { kind: "fenced", nodes: 2 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options },
  };
}

const S = 1e9;

/** An acquire that returned ok on client c1 at `seconds`: a grant, so a lease is held. */
function grant(seconds: number): Op {
  return { index: 0, time: seconds * S, process: 0, type: "ok", f: "acquire", value: { resource: "r1", token: String(Math.round(seconds * 10)) }, node: nodeId("c1") };
}

/** A grant every 0.7 s for a minute: the timed shapes ignore them, clock-jump strikes on them. */
const GRANTS = Array.from({ length: 86 }, (_, i) => grant(0.3 + 0.7 * i));

function schedule(faults: string[], seed: number, options: RunConfig["nemesis"]["options"] = {}) {
  return driveSchedule(nemesisPackage(config(faults, seed, options)).schedule(0), { maxOps: 10, events: GRANTS });
}

const starts = (ops: ReturnType<typeof schedule>) => ops.filter((r) => r.f === "clock").map((r) => r.value as ClockValue);

describe("clock schedules", () => {
  it.each(["clock-skew", "clock-rate", "clock-jump", "clock-strobe"])("%s is the same twice for one seed and differs for another", (name) => {
    expect(schedule([name], 7)).toEqual(schedule([name], 7));
    expect(JSON.stringify(schedule([name], 7))).not.toEqual(JSON.stringify(schedule([name], 8)));
  });

  it("clock, the kind's group, draws its shape from the seed at each fault: the same twice for one seed, several shapes in a run", () => {
    const shapeOf = (v: ClockValue): string =>
      v.strobe ? "strobe" : Object.values(v.skews).some((k) => k.rate !== 1) ? "rate" : Object.keys(v.skews).length === 1 ? "jump" : "skew";
    const ops = driveSchedule(nemesisPackage(config(["clock"], 7)).schedule(0), { maxOps: 40 });
    expect(driveSchedule(nemesisPackage(config(["clock"], 7)).schedule(0), { maxOps: 40 })).toEqual(ops);
    expect(new Set(starts(ops).map(shapeOf)).size).toBeGreaterThanOrEqual(3);
  });

  it("alternate a skew with a reset of the same nodes", () => {
    const ops = schedule(["clock-jump"], 3);
    expect(ops.map((r) => r.f)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? "clock" : "reset-clock")));
    for (let i = 0; i < ops.length; i += 2) {
      expect((ops[i + 1]?.value as { nodes: string[] }).nodes).toEqual(Object.keys((ops[i]?.value as ClockValue).skews));
    }
  });

  it("clock-skew gives every node an offset within bounds at real speed", () => {
    for (const value of starts(schedule(["clock-skew"], 5, { "clock-skew": { maxOffsetMs: 300 } }))) {
      expect(Object.keys(value.skews).sort()).toEqual(["c1", "c2", "l1", "l2", "l3", "s1", "s2"]);
      for (const skew of Object.values(value.skews)) {
        expect(Math.abs(skew.offsetMs as number)).toBeLessThanOrEqual(300);
        expect(skew.rate).toBe(1);
      }
    }
  });

  it("clock-rate draws rates between 0.5 and 2 and keeps offsets", () => {
    const rates = starts(schedule(["clock-rate"], 11)).flatMap((v) => Object.values(v.skews));
    expect(rates.length).toBeGreaterThan(0);
    for (const skew of rates) {
      expect(skew.rate).toBeGreaterThanOrEqual(0.5);
      expect(skew.rate).toBeLessThanOrEqual(2);
      expect(skew.offsetMs).toBeUndefined();
    }
  });

  it("clock-jump moves one node by the asked amount, forward or back", () => {
    for (const value of starts(schedule(["clock-jump"], 2, { "clock-jump": { jumpMs: 9000 } }))) {
      const skews = Object.values(value.skews);
      expect(skews).toHaveLength(1);
      expect(Math.abs(skews[0]?.offsetMs as number)).toBe(9000);
    }
  });

  it("clock-jump jumps only right after a grant, at least an interval in, and waits for none before", () => {
    const gen = () => nemesisPackage(config(["clock-jump"], 1)).schedule(0);
    expect(driveSchedule(gen(), { maxOps: 2, events: [grant(0.5)] })).toEqual([]);
    const ops = driveSchedule(gen(), { maxOps: 2, events: [grant(0.5), grant(1.5)] });
    expect(ops.map((r) => r.f)).toEqual(["clock", "reset-clock"]);
  });

  it("clock-jump resets right after the first grant once its duration has passed, so a jump back's return lands under a lease too", () => {
    const gen = () => nemesisPackage(config(["clock-jump"], 1)).schedule(0);
    const ops = driveSchedule(gen(), { maxOps: 2, events: [grant(1.5), grant(4), grant(6.7), grant(9)] });
    expect(ops[1]).toMatchObject({ f: "reset-clock", time: 6.7 * S });
  });

  it("clock-jump resets two durations after the jump at the latest when no grant comes", () => {
    const ops = driveSchedule(nemesisPackage(config(["clock-jump"], 1)).schedule(0), { maxOps: 2, events: [grant(1.5)] });
    expect(ops[1]).toMatchObject({ f: "reset-clock", time: 11.5 * S });
  });

  it("clock-jump keeps its draws when count and direction are left at their defaults", () => {
    const given = { "clock-jump": { count: "one", direction: "either" } };
    expect(schedule(["clock-jump"], 2, given)).toEqual(schedule(["clock-jump"], 2));
  });

  it("clock-jump with count=majority and direction=forward moves a majority of the lock nodes forward together, right after a grant", () => {
    const options = { clock: { nodes: "lock" }, "clock-jump": { count: "majority", direction: "forward" } };
    const jumps = [1, 2, 3, 4, 5].flatMap((seed) => starts(schedule(["clock-jump"], seed, options)));
    for (const value of jumps) {
      expect(Object.keys(value.skews)).toHaveLength(2);
      for (const [node, skew] of Object.entries(value.skews)) {
        expect(["l1", "l2", "l3"]).toContain(node);
        expect(skew).toEqual({ offsetMs: 4000, rate: 1 });
      }
    }
    expect(new Set(jumps.map((v) => Object.keys(v.skews).join())).size).toBeGreaterThan(1);
  });

  it("clock-jump with count=all and direction=back moves every node it may skew back", () => {
    for (const value of starts(schedule(["clock-jump"], 3, { clock: { nodes: "lock", count: "all", direction: "back" } }))) {
      expect(value.skews).toEqual({ l1: { offsetMs: -4000, rate: 1 }, l2: { offsetMs: -4000, rate: 1 }, l3: { offsetMs: -4000, rate: 1 } });
    }
  });

  it("clock-jump names the grant it followed, with no token for a service that gives none", () => {
    const tokenless: Op = { ...grant(1.5), process: 2, value: { resource: "r2", token: null } };
    const [jump] = driveSchedule(nemesisPackage(config(["clock-jump"], 1)).schedule(0), { maxOps: 1, events: [tokenless] });
    expect(jump?.value).toMatchObject({ process: 2, resource: "r2" });
    expect(jump?.value).not.toHaveProperty("token");
    const [withToken] = driveSchedule(nemesisPackage(config(["clock-jump"], 1)).schedule(0), { maxOps: 1, events: [grant(1.5)] });
    expect(withToken?.value).toMatchObject({ process: 0, resource: "r1", token: "15" });
  });

  it.each([
    [{ count: "two" }, /"clock-jump.count" = "two": it must be one of one, majority, all/],
    [{ direction: "sideways" }, /"clock-jump.direction" = "sideways": it must be one of either, forward, back/],
    [{ count: 2 }, /"clock-jump.count" = "2"/],
  ])("clock-jump refuses %o with one line naming the option", (given, message) => {
    expect(() => resolveNemesis(config(["clock-jump"], 1, { "clock-jump": given })).checkOptions()).toThrow(message);
  });

  it("clock-strobe asks for flips of the given size and period", () => {
    const [value] = starts(schedule(["clock-strobe"], 4, { clock: { deltaMs: 700, periodMs: 100, strobeMs: 1000 } }));
    expect(value?.strobe).toEqual({ deltaMs: 700, periodMs: 100, durationMs: 1000 });
  });

  it("keeps to the roles named by clock.nodes", () => {
    for (const value of starts(schedule(["clock-skew"], 1, { clock: { nodes: "client" } }))) {
      expect(Object.keys(value.skews).sort()).toEqual(["c1", "c2"]);
    }
  });
});

describe("clock-holder", () => {
  const acquired: Op = { index: 0, time: 2e9, process: 1, type: "ok", f: "acquire", value: { resource: "r1", token: "33" }, node: nodeId("c2") };

  it("slows the clock of the client that just acquired, naming its lease, then resets it", () => {
    const ops = driveSchedule(nemesisPackage(config(["clock-holder"], 1)).schedule(0), { maxOps: 2, events: [acquired] });
    expect(ops[0]).toMatchObject({ f: "clock", value: { skews: { c2: { offsetMs: 0, rate: holderRate(100, 2000, 1.5) } }, process: 1, token: "33" } });
    expect(ops[1]).toMatchObject({ f: "reset-clock", value: { nodes: ["c2"] } });
  });

  it("waits for an acquire before touching any clock", () => {
    expect(driveSchedule(nemesisPackage(config(["clock-holder"], 1)).schedule(0), { maxOps: 2 })).toEqual([]);
  });

  it("picks a rate that stretches the hold past ttlFactor TTLs, within 0.01 and 0.5", () => {
    expect(100 / holderRate(100, 2000, 1.5)).toBeGreaterThanOrEqual(2000 * 1.5 - 1);
    expect(holderRate(100, 60_000, 3)).toBe(0.01);
    expect(holderRate(5000, 1000, 1)).toBe(0.5);
  });
});

describe("clockTargets", () => {
  it("names the lock nodes by default and only clients when asked", () => {
    expect(clockTargets(config(["clock-skew"], 1))).toContain("l1");
    expect(clockTargets(config(["clock-skew"], 1, { clock: { nodes: "client" } }))).toEqual(["c1", "c2"]);
    expect(clockTargets(config(["clock-holder", "pause"], 1))).toEqual(["c1", "c2"]);
  });
});

describe("the nodes a run's nemesis may skew (the only ones under libfaketime)", () => {
  it("are the roles clock.nodes names, without the lock nodes when they are not named", () => {
    expect(resolveNemesis(config(["clock-skew"], 1, { clock: { nodes: "client,storage" } })).clockNodes).toEqual(["s1", "s2", "c1", "c2"]);
    expect(resolveNemesis(config(["clock-skew"], 1)).clockNodes).toEqual(["l1", "l2", "l3", "s1", "s2", "c1", "c2"]);
  });

  it("are the clients for the faults aimed at holders, and none for a run without clock faults", () => {
    expect(resolveNemesis(config(["pause-holder-clock"], 1)).clockNodes).toEqual(["c1", "c2"]);
    expect(resolveNemesis(config(["clock-holder", "kill-lock"], 1)).clockNodes).toEqual(["c1", "c2"]);
    expect(resolveNemesis(config(["pause", "partition"], 1)).clockNodes).toEqual([]);
  });
});
