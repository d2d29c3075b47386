import { describe, expect, it } from "vitest";
import { CompactHistory, historyView, type History, type StorageKind } from "../core/index.js";
import { compose, fencingChecker, historyBuilder, lockCheckers, realTimeChecker, seedScenario, statsChecker, testRunConfig } from "../checkers/index.js";
import { buildReportModel } from "./report-model.js";
import type { StoredRun } from "./stored-run.js";
import { syntheticLockRun } from "./testing/synthetic-lock-run.js";

const shading = [{ start: "pause", stop: "resume", label: "pause", color: "#f4b400" }];

function asColumns(history: History): History {
  const compact = new CompactHistory();
  for (const op of history) compact.append(op);
  return historyView(compact);
}

async function storedSeedRun(kind: StorageKind): Promise<StoredRun> {
  const run = seedScenario(kind);
  return { ...run, results: await compose(lockCheckers()).check(run), shading };
}

describe("report model", () => {
  it("shows a token-less run's fencing as not applicable with its reason, and why the verdict is unknown", async () => {
    const run = seedScenario("unfenced");
    const storage = run.storage.map((r) => ({ ...r, token: null, highest: null }));
    const input = { ...run, storage };
    const results = await compose([fencingChecker(), realTimeChecker(), statsChecker()]).check(input);
    const model = buildReportModel({ ...input, results, shading });
    const fencing = model.checkers.find((c) => c.name === "fencing");
    expect(fencing).toMatchObject({ valid: "n/a", reason: expect.stringMatching(/^no fencing token: storage accepted \d+ writes that carried none$/) });
    expect(fencing?.lines[0]).toBe(`Not applicable: ${fencing?.reason}`);
    expect(model.checkers.find((c) => c.name === "real-time")?.valid).toBe("n/a");
    expect(model.verdict).toBe("unknown");
    expect(model.verdictReason).toMatch(/^nothing could tell a stale write \(fencing: no fencing token: .*; real-time: .*\)$/);
  });

  it("says how many leases real-time judged without their TTL because a lock node's clock moved while they were live", async () => {
    const run = seedScenario("unfenced");
    const config = testRunConfig("unfenced", { lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
    const jump = { skews: { l1: { offsetMs: 4000, rate: 1 } } };
    const history = [...run.history, { index: 0, time: 2300e6, process: "nemesis", type: "invoke", f: "clock", value: jump }, { index: 0, time: 2301e6, process: "nemesis", type: "info", f: "clock", value: jump }]
      .sort((a, b) => a.time - b.time).map((op, index) => ({ ...op, index })) as History;
    const input = { ...run, config, history };
    const model = buildReportModel({ ...input, results: await compose([realTimeChecker()]).check(input), shading });
    expect(model.checkers.find((c) => c.name === "real-time")?.lines).toContain(
      "Leases live while the nemesis moved the clock of lock node l1, judged without their TTL (only by what needs no lock clock): 2 of 2",
    );
  });

  it("tells the unfenced seed run as a divergence the lock service did not cause", async () => {
    const model = buildReportModel(await storedSeedRun("unfenced"));
    expect(model.verdict).toBe(false);
    expect(model.verdictWord).toBe("Invalid");
    expect(model.story.kind).toBe("divergence");
    expect(model.story.facts.map((f) => f.text)).toEqual([
      "Client 3 (node c2) acquired r1 with token 33 at 2.10 s",
      "The nemesis paused node c2 at 2.10 s for 3.00 s (longer than the 2.00 s lease)",
      "Its lease could have ended on the lock service from 4.07 s on",
      "Client 1 acquired r1 with token 34 at 4.12 s",
      "Storage accepted client 1's write v1-7 with token 34 at 4.13 s",
      "Client 3 woke at 5.10 s still believing it held the lease and wrote v3-2 with token 33, which reached storage at 5.12 s",
    ]);
    expect(model.story.conclusion).toBe(
      "Storage accepted it: the shard silently holds data written under a stale lease (unfenced storage). " +
      "The lock service did nothing wrong that the history shows: no two leases of r1 were certainly live at once.",
    );
    expect(model.summary).toMatchObject({ staleAccepted: 1, staleRejected: 0, lostUpdates: 1, overlaps: 1, overlapsBeforeExpiry: 0 });
  });

  it("tells the fenced seed run as a rejected stale write", async () => {
    const model = buildReportModel(await storedSeedRun("fenced"));
    expect(model.verdict).toBe(true);
    expect(model.story.kind).toBe("prevented");
    expect(model.story.facts.at(-1)?.text).toBe("Client 3 woke at 5.10 s still believing it held the lease and wrote v3-2 with token 33, which reached storage at 5.12 s");
    expect(model.story.conclusion).toBe("Storage had already seen token 34 and rejected token 33: divergence prevented.");
    expect(model.overlaps).toMatchObject([{ resource: "r1", afterExpiry: true, savedByFencing: true, certain: false }]);
    expect(model.finalState).toMatchObject([{ resource: "r1", valid: true }]);
  });

  it("says no client wrote under an expired lease when there was no stale write", async () => {
    const history = historyBuilder().acquire(1, "r1", "1", [0, 10]).write(1, "r1", "a", "1", [20, 30]).release(1, "r1", "1", [40, 50])
      .read(1, "r1", "a", "1", [60, 70]).build();
    const storage = [{ time: 25e6, node: "s1", key: "r1", value: "a", token: "1", client: "1", accepted: true, highest: null, mode: "fenced" }];
    const run = { config: testRunConfig("fenced"), history, storage };
    const model = buildReportModel({ ...run, results: await compose(lockCheckers()).check(run), shading });
    expect(model.story.kind).toBe("no-stale-write");
    expect(model.story.conclusion).toContain("No client wrote under an expired lease");
    expect(model.verdict).toBe(true);
  });

  it("says first, under stats, that a fault did not take effect", async () => {
    const history = historyBuilder().acquire(1, "r1", "1", [0, 10]).write(1, "r1", "a", "1", [20, 30])
      .op("invoke", "nemesis", "start-partition", null, 40).op("info", "nemesis", "start-partition", null, 41, "nemesis-error").build();
    const run = { config: testRunConfig("fenced"), history, storage: [] };
    const model = buildReportModel({ ...run, results: await compose(lockCheckers()).check(run), shading });
    const stats = model.checkers.find((c) => c.name === "stats");
    expect(stats?.lines[0]).toBe("stats: 1 of 1 nemesis ops did not take effect, so the run tested less than asked; the first, start-partition: nemesis-error");
  });

  it("shades the pause from its invoke to the resume's completion", async () => {
    const model = buildReportModel(await storedSeedRun("fenced"));
    expect(model.timeline.faults).toEqual([
      { start: 2100e6, end: 5101e6, label: "pause c2", color: "#f4b400", nodes: ["c2"], healed: true, stop: "resume" },
    ]);
  });

  it("closes a clock period opened without nodes when the reset names its nodes, counting a repeated shading once", () => {
    const clock = { start: "clock", stop: "reset-clock", label: "clock", color: "#9b5de5" };
    const history = historyBuilder()
      .op("invoke", "nemesis", "clock", { skews: { c1: { rate: 2 } } }, 100).op("info", "nemesis", "clock", { clocks: { c1: 0 } }, 110)
      .op("invoke", "nemesis", "reset-clock", {}, 500).op("info", "nemesis", "reset-clock", { nodes: ["c1"] }, 510)
      .acquire(2, "r", "1", [600, 900]).build();
    const model = buildReportModel({ config: testRunConfig(), history, storage: [], results: { valid: true, results: {} }, shading: [clock, clock] });
    expect(model.timeline.faults).toEqual([{ start: 100e6, end: 510e6, label: "clock", color: "#9b5de5", nodes: [], healed: true, stop: "reset-clock" }]);
  });

  it("leaves an unhealed pause shaded to the end of the history", () => {
    const history = historyBuilder().pause(["c1"], { reason: "random" }, [100, 101]).acquire(2, "r", "1", [200, 300]).build();
    const model = buildReportModel({ config: testRunConfig(), history, storage: [], results: { valid: true, results: {} }, shading });
    expect(model.timeline.faults).toMatchObject([{ start: 100e6, end: 300e6, healed: false }]);
  });

  it("draws one lane per process with bars coloured by completion type", async () => {
    const model = buildReportModel(await storedSeedRun("fenced"));
    expect(model.timeline.lanes.map((l) => l.label)).toEqual(["Nemesis", "Client 1 (c1)", "Client 3 (c2)"]);
    const client3 = model.timeline.lanes[2];
    expect(client3?.bars.map((b) => `${b.f}:${b.type}`)).toEqual(["acquire:ok", "write:fail", "release:fail"]);
    expect(client3?.bars[1]).toMatchObject({ start: 5110e6, end: 5120e6, label: "write r1 v3-2 token 33 -> fail stale-token" });
    expect(model.timeline.note).toBeUndefined();
  });

  it("caps the drawn bars and says so", async () => {
    const model = buildReportModel(await storedSeedRun("fenced"), { timeline: { maxBars: 3 } });
    expect(model.timeline).toMatchObject({ drawnBars: 3, totalBars: 9 });
    expect(model.timeline.note).toContain("Showing the first 3 of 9 ops");
  });

  it("is the same model whether the history is held as columns (as a run reads it) or as op objects", async () => {
    const synthetic = (storage: StorageKind, seed: number) => {
      const run = syntheticLockRun({ ops: 3000, storage, seed, pauseChance: 0.05 });
      return { config: testRunConfig(storage, { name: `synthetic-${storage}`, workload: run.config }), history: run.history, storage: run.storage };
    };
    const lostHolder = historyBuilder().acquire(1, "r1", "1", [0, 10]).op("invoke", 1, "write", { resource: "r1", value: "a" }, 20)
      .op("invoke", "nemesis", "pause", { nodes: ["c1"] }, 25).acquire(2, "r1", "2", [3000, 3010])
      .op("invoke", 2, "release", { resource: "r1" }, 3015).op("ok", 2, "release", null, 3020).build();
    const runs = [seedScenario("unfenced"), seedScenario("fenced"), synthetic("unfenced", 3), synthetic("fenced", 5),
      { config: testRunConfig("fenced"), history: lostHolder, storage: [] }];
    for (const run of runs) {
      const results = await compose(lockCheckers()).check(run);
      const objects = buildReportModel({ ...run, results, shading });
      const columns = buildReportModel({ ...run, history: asColumns(run.history), results, shading });
      expect(columns).toEqual(objects);
      expect(objects.opTimeline.bars.label.length).toBeGreaterThan(0);
    }
  });

  it("reports an unknown story and keeps the error when the fencing checker failed", () => {
    const run = seedScenario("fenced");
    const results = { valid: "unknown" as const, results: { fencing: { valid: "unknown" as const, error: "Cannot parse token" } } };
    const model = buildReportModel({ ...run, results, shading });
    expect(model.story.kind).toBe("unknown");
    expect(model.checkers[0]?.lines).toContain("The checker failed: Cannot parse token");
  });
});
