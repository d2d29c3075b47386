import { describe, expect, it } from "vitest";
import type { StorageKind } from "../core/index.js";
import { compose, historyBuilder, lockCheckers, seedScenario, testRunConfig } from "../checkers/index.js";
import { STYLE, TRACK_STYLES } from "./canvas-track.js";
import { clockChart } from "./charts/clock-chart.js";
import { buildReportModel } from "./report-model.js";
import type { StoredRun } from "./stored-run.js";
import { unpackLabels } from "./packed-labels.js";
import { unpackInts } from "./packed-ints.js";
import { timelineDataJson, type PackedColumns } from "./timeline-data.js";

const shading = [{ start: "pause", stop: "resume", label: "pause", color: "#f4b400" }];

async function seedRun(kind: StorageKind): Promise<StoredRun> {
  const run = seedScenario(kind);
  return { ...run, results: await compose(lockCheckers()).check(run), shading };
}

function rows(c: { lane: readonly number[]; start: readonly number[]; end?: readonly number[]; style: readonly number[]; label: readonly string[] }) {
  return c.start.map((s, i) => ({ lane: c.lane[i], start: s, end: c.end?.[i], style: TRACK_STYLES[c.style[i]!]?.name, label: c.label[i] }));
}

describe("report visuals as data", () => {
  it("draws the paused holder's lease as the checkers bound it: valid until its TTL may run out, then maybe expired, then its stale write", async () => {
    const model = buildReportModel(await seedRun("unfenced"));
    const [r1] = model.leaseTimelines;
    expect(r1?.lanes).toEqual(["process 3 (c2)", "process 1 (c1)"]);
    const bars = rows(r1!.bars).filter((b) => b.lane === 0);
    // TTL 2000 ms: it may run out 1978 ms after the acquire's invoke (the server's clock 1% fast, 2 ms slack);
    // with no fixed TTL declared nothing says it certainly ended, so no bar calls it expired.
    expect(bars.map((b) => [b.style, b.start, b.end])).toEqual([
      ["acquiring", 2_090_000, 2_100_000],
      ["believed held, lease valid", 2_100_000, 4_068_000],
      ["believed held, lease may have expired", 4_068_000, 5_130_000],
    ]);
    expect(bars[2]?.label).toBe("p3 held r1 with token 33, its lease may have expired from 4.07 s (no fixed TTL is declared to end it for certain)");
    const stale = rows(r1!.marks).find((m) => m.lane === 0);
    expect(stale).toMatchObject({ start: 5_110_000, style: "stale write accepted" });
    expect(stale?.label).toBe("p3 wrote v3-2 with token 33: storage accepted it after token 34");
  });

  it("calls the lease expired only from where a fixed TTL had certainly run out, as the checkers do", async () => {
    const run = await seedRun("unfenced");
    const config = { ...run.config, lock: { ...run.config.lock, lease: { ends: "ttl" as const, timedFrom: "request" as const } } };
    const bars = rows(buildReportModel({ ...run, config }).leaseTimelines[0]!.bars).filter((b) => b.lane === 0);
    // Certainly ended 2022 ms after the grant's ok (the server's clock 1% slow, 2 ms slack).
    expect(bars.map((b) => [b.style, b.start, b.end])).toEqual([
      ["acquiring", 2_090_000, 2_100_000],
      ["believed held, lease valid", 2_100_000, 4_068_000],
      ["believed held, lease may have expired", 4_068_000, 4_122_000],
      ["believed held after the lease expired", 4_122_000, 5_130_000],
    ]);
  });

  it("marks the same write as rejected by fencing when storage is fenced", async () => {
    const [r1] = buildReportModel(await seedRun("fenced")).leaseTimelines;
    const marks = rows(r1!.marks);
    expect(marks.map((m) => m.style)).toEqual(["write accepted", "write rejected by fencing"]);
    expect(marks[1]?.label).toContain("rejected (stale-token, highest token 34)");
  });

  it("draws a failed acquire in the colour of failed ops, not the red of fencing, and a token-less grant as a grant", () => {
    const history = historyBuilder()
      .op("invoke", 1, "acquire", { resource: "r1" }, 0).op("ok", 1, "acquire", { resource: "r1", token: null }, 10)
      .op("invoke", 2, "acquire", { resource: "r1" }, 5).op("fail", 2, "acquire", { resource: "r1" }, 900, "lock-busy")
      .build();
    const run = { config: testRunConfig("unfenced"), history, storage: [], results: { valid: true as const, results: {} }, shading };
    const [r1] = buildReportModel(run).leaseTimelines;
    const bars = rows(r1!.bars);
    expect(bars.find((b) => b.lane === 0 && b.start === 0)).toMatchObject({ style: "acquiring", label: "p1 acquiring r1: token none" });
    expect(bars.find((b) => b.lane === 1)).toMatchObject({ style: "fail", label: "p2 acquiring r1: fail" });
    expect(TRACK_STYLES[STYLE.fail]?.color).not.toBe(TRACK_STYLES[STYLE.writeRejected]?.color);
    expect(r1!.legend).toContain(STYLE.fail);
  });

  it("keeps every op in the op timeline, one lane per worker plus the nemesis", async () => {
    const model = buildReportModel(await seedRun("fenced"));
    expect(model.opTimeline.lanes).toEqual(["nemesis", "c1 (p 1)", "c2 (p 3)"]);
    expect(model.opTimeline.bars.start).toHaveLength(9);
    expect(rows(model.opTimeline.bars).find((b) => b.label?.includes("v3-2"))).toMatchObject({
      style: "fail", start: 5_110_000, end: 5_120_000, label: "p3: write r1 v3-2 token 33 -> fail stale-token",
    });
  });

  it("charts latency with quantile lines and throughput, both shaded with the pause in seconds", async () => {
    const { charts } = buildReportModel(await seedRun("fenced"));
    expect(charts.latency.series.map((s) => s.label)).toEqual(["acquire", "read", "release", "write", "p50", "p95", "p99"]);
    expect(charts.latency.series.find((s) => s.label === "acquire")?.points).toEqual([[2.1, 10], [4.12, 1920]]);
    expect(charts.latency.shading).toEqual([{ start: 2.1, end: 5.101, color: "#f4b400", label: "pause c2" }]);
    const ok = charts.throughput.series.find((s) => s.label === "ok");
    const w = 0.1;
    expect((ok?.points ?? []).reduce((n, [, y]) => n + y * w, 0)).toBeCloseTo(5);
    expect(charts.clocks).toBeUndefined();
  });

  it("plots each node's clock offset from the clock nemesis's readings, drifting at the node's rate between them", () => {
    const skews = { l1: { offsetMs: 3000, rate: 1 }, l2: { rate: 2 } };
    const history = historyBuilder()
      .op("invoke", "nemesis", "clock", { skews }, 1000)
      .op("info", "nemesis", "clock", { skews, clocks: { l1: 3000, l2: 0 } }, 1010)
      .op("invoke", "nemesis", "reset-clock", {}, 4000)
      .op("info", "nemesis", "reset-clock", { clocks: [{ node: "l1", offsetMs: 2 }, { node: "l2", offsetMs: -1 }] }, 4010)
      .acquire(1, "r1", "1", [5000, 6000]).build();
    const chart = clockChart(history, []);
    expect(chart?.series.map((s) => [s.label, s.points])).toEqual([
      ["l1", [[1.01, 3000], [4.01, 3000], [4.01, 2], [6, 2]]],
      ["l2", [[1.01, 0], [4.01, 3000], [4.01, -1], [6, -1]]],
    ]);
  });

  it("focuses on the story's facts with one lease TTL of margin", async () => {
    const model = buildReportModel(await seedRun("unfenced"));
    expect(model.focus).toEqual({ start: 100e6, end: 6010e6 });
  });

  it("tells the linearizability counterexample: the prefix placed and the stale write that cannot be", async () => {
    const l = buildReportModel(await seedRun("unfenced")).linearizability;
    expect(l?.valid).toBe(false);
    expect(l?.counterexamples[0]?.rows).toContainEqual({ placed: false, process: 3, description: 'write(r1, "v3-2", token 33) -> ok', when: "5.11 s to 5.12 s" });
    expect(l?.counterexamples[0]?.rows[0]).toMatchObject({ placed: true, description: 'write(r1, "v1-7", token 34) -> ok' });
  });

  it("encodes the timelines compactly: packed start deltas, durations, lanes, styles and labels, no raw '<'", async () => {
    const model = buildReportModel(await seedRun("unfenced"));
    const json = timelineDataJson({ tracks: [model.opTimeline, ...model.leaseTimelines], faults: model.timeline.faults, end: model.end, focus: model.focus });
    expect(json).not.toContain("<");
    const data = JSON.parse(json) as { templates: string[][]; tracks: { b: PackedColumns; m: PackedColumns }[]; shading: unknown[]; focus: unknown };
    const b = data.tracks[0]!.b;
    const starts = unpackInts(b.start).reduce<number[]>((acc, d) => [...acc, (acc.at(-1) ?? 0) + d], []);
    expect(starts).toEqual(model.opTimeline.bars.start);
    expect(unpackInts(b.dur ?? "").map((d, i) => d + starts[i]!)).toEqual(model.opTimeline.bars.end);
    expect(unpackInts(b.lane)).toEqual(model.opTimeline.bars.lane);
    expect(unpackInts(b.style)).toEqual(model.opTimeline.bars.style);
    expect(unpackLabels(data.templates, b.label)).toEqual(model.opTimeline.bars.label);
    expect(unpackLabels(data.templates, data.tracks[1]!.m.label)).toEqual(model.leaseTimelines[0]!.marks.label);
    expect(data.shading).toEqual([{ start: 2_100_000, end: 5_101_000, color: "#f4b400", label: "pause c2" }]);
    expect(data.focus).toEqual({ start: 100_000, end: 6_010_000 });
    expect(STYLE.staleAccepted).toBe(TRACK_STYLES.findIndex((s) => s.name === "stale write accepted"));
  });

  it("leaves a run without writes with empty lease timelines and no focus", () => {
    const history = historyBuilder().acquire(1, "r1", "1", [0, 10]).release(1, "r1", "1", [20, 30]).build();
    const model = buildReportModel({ config: testRunConfig(), history, storage: [], results: { valid: true, results: {} }, shading });
    expect(rows(model.leaseTimelines[0]!.marks)).toEqual([]);
    expect(model.focus).toBeUndefined();
    expect(model.linearizability).toBeUndefined();
  });
});
