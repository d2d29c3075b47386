import { describe, expect, it } from "vitest";
import { compose, lockCheckers, seedScenario, testRunConfig } from "../checkers/index.js";
import { buildReportModel } from "./report-model.js";
import { renderHtml } from "./render-html.js";

describe("renderHtml", () => {
  it("renders a self-contained report with the verdict first and every data string escaped", async () => {
    const hostile = "<script>alert(1)</script>";
    const seed = seedScenario("unfenced");
    const history = seed.history.map((op) =>
      op.f === "write" && op.process === 3 ? { ...op, value: { ...(op.value as object), value: hostile } } : op);
    const storage = seed.storage.map((r) => (r.client === "3" ? { ...r, value: hostile } : r));
    const config = testRunConfig("unfenced", { name: hostile });
    const run = { config, history, storage };
    const shading = [{ start: "pause", stop: "resume", label: "pause", color: '#fff" onload="x' }];
    const html = renderHtml(buildReportModel({ ...run, results: await compose(lockCheckers()).check(run), shading }));

    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<header class="verdict v-false"><h1>Invalid</h1>');
    expect(html.indexOf("Invalid")).toBeLessThan(html.indexOf("Storage accepted it"));
    expect(html).toContain("wrote &lt;script&gt;alert(1)&lt;/script&gt; with token 33");
    expect(html).not.toContain("<script>alert");
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('" onload="');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('<div class="fc-track" id="track-ops">');
    expect(html).toContain('<div class="fc-track" id="track-lease-r1">');
    expect(html).toContain("No clock faults in this run");
    expect(html).toContain('Chart "Latency of client ops" was not rendered');
    expect(html).toContain("fencecheck run --lock reference --storage unfenced");
  });
});
