import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compactOf, parseHistoryJsonl, type History, type RunConfig } from "../../core/index.js";
import { compose } from "../../checkers/index.js";
import { resolveNemesis } from "../../nemesis/index.js";
import { buildReportModel, renderReportHtml } from "../../reports/index.js";
import { findWorkload } from "../../workloads/index.js";
import { readHistoryLines } from "./read-history-lines.js";
import { readStorageLog } from "./read-stored-run.js";

/**
 * Runs recorded by `fencecheck run` on 2026-12-01 (reference lock service,
 * --time-limit 4): fenced and unfenced storage under pause-holder, fenced
 * under pause-holder, partition and kill, and lock-mutex under pause-holder
 * and kill. Each is checked from its history as columns (what `analyze`
 * reads) and as parsed ops: the results must be the same.
 */
const FIXTURES = join(import.meta.dirname, "fixtures");
const RUNS = readdirSync(FIXTURES);

async function checkAndRender(dir: string, history: History): Promise<{ results: unknown; html: string }> {
  const config = JSON.parse(readFileSync(join(dir, "config.json"), "utf8")) as RunConfig;
  const storage = readStorageLog(join(dir, "storage.jsonl"));
  const workload = findWorkload(config.workload.name);
  const checked = await compose(workload.checkers(config)).check({ config, history, storage });
  const model = buildReportModel({ config, history, storage, results: checked, shading: resolveNemesis(config).shading }, { sections: workload.reportSections });
  return { results: checked, html: renderReportHtml(model) };
}

describe("a recorded run checked from its columns", () => {
  it("has runs to check, one of them invalid", () => {
    expect(RUNS.length).toBeGreaterThanOrEqual(4);
    expect(RUNS).toContain("reference-unfenced-pause-holder");
  });

  it.each(RUNS)("%s: every checker gives the same result, and the report is the same page", async (run) => {
    const dir = join(FIXTURES, run);
    const columns = readHistoryLines(join(dir, "history.jsonl"));
    const ops = parseHistoryJsonl(readFileSync(join(dir, "history.jsonl"), "utf8"), "history.jsonl");
    expect(compactOf(columns)).toBeDefined();
    expect([...columns]).toStrictEqual(ops);
    const fromColumns = await checkAndRender(dir, columns);
    const fromOps = await checkAndRender(dir, ops);
    expect(fromColumns.results).toStrictEqual(fromOps.results);
    expect(fromColumns.html).toBe(fromOps.html);
    if (run === "reference-unfenced-pause-holder") expect((fromColumns.results as { valid: unknown }).valid).toBe(false);
  });
});
