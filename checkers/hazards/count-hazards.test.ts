import { describe, expect, it } from "vitest";
import { isVacuous, type FaultShading } from "../../core/index.js";
import { historyBuilder, seedScenario, testRunConfig } from "../testing/index.js";
import { countHazards } from "./count-hazards.js";

const PAUSE: FaultShading = { start: "pause", stop: "resume", label: "pause", color: "#000" };
const KILL: FaultShading = { start: "kill", stop: "restart", label: "crash", color: "#000" };
const CLOCK: FaultShading = { start: "clock", stop: "reset-clock", label: "clock", color: "#000" };
const shading = [PAUSE, KILL, CLOCK];

describe("counting the hazards of a run", () => {
  it("sees the seed's paused holder outlived by the next grant, its late write, and fenced storage rejecting it", () => {
    const { config, history } = seedScenario("fenced");
    expect(countHazards(history, { config, shading })).toEqual({ "paused-past-lease": 1, "write-after-lease": 1, "stale-write-rejected": 1 });
  });

  it("sees unfenced storage accept the paused holder's stale write", () => {
    const { config, history } = seedScenario("unfenced");
    expect(countHazards(history, { config, shading })).toMatchObject({ "stale-write-accepted": 1 });
  });

  it("counts nothing in a fault-free run whose holders release in time", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10]).write(1, "r1", "a", "1", [20, 30]).release(1, "r1", "1", [40, 50])
      .acquire(2, "r1", "2", [30, 60]).write(2, "r1", "b", "2", [70, 80]).release(2, "r1", "2", [90, 100])
      .build();
    const counts = countHazards(history, { config: testRunConfig(), shading });
    expect(counts).toEqual({});
    expect(isVacuous(true, counts, [])).toBe(true);
  });

  it("tells a holder that simply held too long from one a fault stopped", () => {
    const history = historyBuilder().acquire(1, "r1", "1", [0, 10]).acquire(2, "r1", "2", [20, 2500]).build();
    expect(countHazards(history, { config: testRunConfig(), shading })).toEqual({ "holder-outlived": 1 });
  });

  it("counts a kill or a clock change of a lock node once each while a lease is live, and not after it ran out", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .op("invoke", "nemesis", "kill", { nodes: ["l1"] }, 100).op("info", "nemesis", "kill", { nodes: ["l1"] }, 110)
      .op("invoke", "nemesis", "kill", { nodes: ["s1"] }, 120).op("info", "nemesis", "kill", { nodes: ["s1"] }, 130)
      .op("invoke", "nemesis", "clock", { skews: { l2: { offsetMs: 5000, rate: 1 } } }, 200).op("info", "nemesis", "clock", { skews: {} }, 210)
      .op("invoke", "nemesis", "clock", { skews: { l2: { offsetMs: 0, rate: 1 } } }, 3000).op("info", "nemesis", "clock", { skews: {} }, 3010)
      .build();
    expect(countHazards(history, { config: testRunConfig(), shading })).toEqual({ "grant-before-crash": 1, "clock-moved-under-lease": 1 });
  });

  it("takes the node an aimed kill names in its completion, and not a kill that failed", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .op("invoke", "nemesis", "kill", { nodes: [], package: "kill-after-grant" }, 20).op("info", "nemesis", "kill", { nodes: ["l1"] }, 30)
      .op("invoke", "nemesis", "kill", { nodes: ["l2"] }, 40).op("fail", "nemesis", "kill", { nodes: ["l2"] }, 50)
      .build();
    expect(countHazards(history, { config: testRunConfig(), shading })).toEqual({ "grant-before-crash": 1 });
  });

  it("counts a write as late only once its lease had certainly ended, not when its acquire merely waited in line", () => {
    const config = testRunConfig("fenced", { lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
    // Acquire invoked at 0, granted at 1500: a write at 2100 could have come after a grant at 0, but the grant was at 1500.
    const history = historyBuilder().acquire(1, "r1", "1", [0, 1500]).write(1, "r1", "a", "1", [2100, 2110]).write(1, "r1", "b", "1", [3600, 3610]).build();
    expect(countHazards(history, { config, shading })).toEqual({ "write-after-lease": 1 });
  });

  it("counts a leader change the nemesis saw under a lease live across both sightings, and not one after the lease ran out", () => {
    const seen = (leader: string, agoMs: number): Record<string, unknown> => ({ package: "partition-leader-after-grant", leader, leaderSeenMsAgo: agoMs });
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .op("invoke", "nemesis", "start-partition", {}, 100).op("info", "nemesis", "start-partition", seen("l1", 50), 120)
      .op("invoke", "nemesis", "start-partition", {}, 900).op("info", "nemesis", "start-partition", seen("l3", 0), 920)
      // The same leader again: no change. Then a change seen only after the lease (TTL 2000 ms from 10) ran out.
      .op("invoke", "nemesis", "start-partition", {}, 1500).op("info", "nemesis", "start-partition", seen("l3", 0), 1520)
      .op("invoke", "nemesis", "start-partition", {}, 2500).op("info", "nemesis", "start-partition", seen("l2", 0), 2520)
      .build();
    expect(countHazards(history, { config: testRunConfig(), shading })).toEqual({ "leader-change-under-lease": 1 });
  });

  it("counts an acquire whose reply was lost", () => {
    const history = historyBuilder().op("invoke", 1, "acquire", { resource: "r1" }, 0).op("info", 1, "acquire", { resource: "r1" }, 5000, "timeout").build();
    expect(countHazards(history, { config: testRunConfig(), shading })).toEqual({ "lost-acquire-reply": 1 });
  });
});

describe("a vacuous run", () => {
  it("is a valid one in which none of the hazards its faults aim at happened", () => {
    expect(isVacuous(true, { "holder-outlived": 2 }, ["paused-past-lease"])).toBe(true);
    expect(isVacuous(true, { "paused-past-lease": 1 }, ["paused-past-lease"])).toBe(false);
    expect(isVacuous(false, {}, ["paused-past-lease"])).toBe(false);
    expect(isVacuous("unknown", {}, [])).toBe(false);
    expect(isVacuous(true, { "holder-outlived": 1 }, [], false), "a run without faults").toBe(true);
  });
});
