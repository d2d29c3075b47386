import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunConfig } from "../../../core/index.js";
import { readHistoryLines } from "../../store/index.js";
import { checkAndReport } from "./check-and-report.js";

const FIXTURE = join(import.meta.dirname, "../../store/fixtures/reference-fenced-pause-holder");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of a recorded run, with a report.html of an earlier check in it. */
function recordedRun(): { dir: string; config: RunConfig } {
  const dir = mkdtempSync(join(tmpdir(), "fencecheck-check-and-report-"));
  dirs.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(join(dir, "report.html"), "<p>an earlier check</p>");
  return { dir, config: JSON.parse(readFileSync(join(dir, "config.json"), "utf8")) as RunConfig };
}

describe("checkAndReport", () => {
  it("writes results.json and a new report when the check was not stopped", async () => {
    const { dir, config } = recordedRun();
    const checked = await checkAndReport({ config, history: readHistoryLines(join(dir, "history.jsonl")), dir, stopReason: () => undefined });
    expect(checked.valid).toBe(true);
    expect(checked.reportPath).toBe(join(dir, "report.html"));
    expect(readFileSync(join(dir, "report.html"), "utf8")).not.toContain("an earlier check");
  });

  it("writes results.json but no report once its memory bound is passed, and removes an earlier report", async () => {
    const { dir, config } = recordedRun();
    const checked = await checkAndReport({ config, history: readHistoryLines(join(dir, "history.jsonl")), dir, stopReason: () => "the check passed its memory bound (--max-memory 1 MiB)" });
    expect(checked.reportPath).toBeUndefined();
    expect(checked.writeFailure).toBeUndefined();
    expect(existsSync(join(dir, "report.html"))).toBe(false);
    const results = JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as { valid: unknown; results: Record<string, { reason?: string }> };
    expect(results.valid).toBe("unknown");
    expect(results.results["real-time"]?.reason).toContain("not run: the check passed its memory bound");
  });
});
