import { describe, expect, it } from "vitest";
import { compose, historyBuilder, lockCheckers, testRunConfig } from "../checkers/index.js";
import { buildOpTimeline } from "./op-timeline.js";
import { renderReportHtml } from "./render-report.js";
import { buildReportModel } from "./report-model.js";
import { trackCut } from "./track-cut.js";

describe("the cut of the report's timelines", () => {
  const history = historyBuilder()
    .acquire(1, "r1", "1", [0, 10]).write(1, "r1", "a", "1", [20, 30]).release(1, "r1", "1", [40, 50])
    .acquire(2, "r1", "2", [60, 3000]).write(2, "r1", "b", "2", [3100, 3200])
    .build();

  it("draws every invocation of a history within the bound", () => {
    expect(trackCut(history, 5)).toBeUndefined();
  });

  it("draws the first invocations of a longer one, up to the last instant they reach, and says so", () => {
    const cut = trackCut(history, 4);
    expect(cut?.columns.f).toEqual(["acquire", "write", "release", "acquire"]);
    // The fourth invocation (invoked at 60 ms) completed at 3000 ms.
    expect(cut?.columns.end).toBe(3000e6);
    expect(cut?.note).toMatch(/^The timelines draw the first 4 of 5 invocations \(up to 0\.1 s\)/);
    const track = buildOpTimeline(history, 2, { columns: cut!.columns });
    expect(track.bars.start).toHaveLength(4);
    expect(Math.max(...(track.bars.end ?? []))).toBe(3000e3);
  });

  it("is said above the op timeline of a report whose history is longer, and a shorter one's report says nothing of it", async () => {
    const config = testRunConfig("fenced");
    const results = await compose(lockCheckers()).check({ config, history, storage: [] });
    const run = { config, history, storage: [], results, shading: [] };
    const cut = buildReportModel(run, { maxTrackPairs: 4 });
    expect(cut.opTimeline.bars.start).toHaveLength(4);
    expect(cut.tracksCut).toMatch(/^The timelines draw the first 4 of 5 invocations/);
    expect(renderReportHtml(cut)).toContain("The timelines draw the first 4 of 5 invocations");
    const whole = buildReportModel(run);
    expect(whole.opTimeline.bars.start).toHaveLength(5);
    expect("tracksCut" in whole).toBe(false);
    expect(renderReportHtml(whole)).not.toContain("The timelines draw the first");
  });

  it("leaves the counts, the charts and the first timeline's bars as they are when it cuts", async () => {
    const config = testRunConfig("fenced");
    const results = await compose(lockCheckers()).check({ config, history, storage: [] });
    const run = { config, history, storage: [], results, shading: [] };
    const cut = buildReportModel(run, { maxTrackPairs: 4, timeline: { maxBars: 2 } });
    const whole = buildReportModel(run, { timeline: { maxBars: 2 } });
    expect(cut.summary).toEqual(whole.summary);
    expect(cut.charts).toEqual(whole.charts);
    expect(cut.timeline).toEqual(whole.timeline);
  });
});
