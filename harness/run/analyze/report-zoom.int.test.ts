/**
 * The report of a million ops in headless Chromium (Debian's /usr/bin/chromium
 * via playwright-core): written by the real pipeline (the history held as
 * columns as a run reads it, model, Chart.js charts, HTML) under 40 MB, it
 * opens, its timelines zoom and pan, and no frame does more than a few
 * rectangles per pixel column and lane, nor stalls. The
 * bound on time is generous (the machine is shared); the bound on work is
 * the one that matters. Hovering a bar shows its op, rebuilt from the
 * packed labels. Skipped without Chromium, except under CI=true.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRunConfig } from "../../../checkers/index.js";
import { CompactHistory, historyView, type History, type Op } from "../../../core/index.js";
import { buildReportModel, renderReportHtml, syntheticLockRun, type ReportModel } from "../../../reports/index.js";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const OPS = 1_000_000;
/** A frame's bound in ms: far above what it takes (tens of ms), far below a stall a user would see as a hang. */
const FRAME_MS = 2000;
const dir = mkdtempSync(join(tmpdir(), "fc-report-zoom-"));
let browser: Browser | undefined;

beforeAll(async () => {
  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Work {
  readonly frames: number;
  readonly drawn: number;
  readonly scanned: number;
  readonly ms: number;
  readonly maxMs: number;
  readonly maxDrawn: number;
  readonly maxScanned: number;
}

/** The synthetic run's ops held as columns, as a run reads its history.jsonl back. */
function asColumns(ops: readonly Op[]): History {
  const compact = new CompactHistory();
  for (const op of ops) compact.append(op);
  return historyView(compact);
}

function millionOpReport(): { path: string; model: ReportModel; bytes: number } {
  const run = syntheticLockRun({ ops: OPS, storage: "unfenced", seed: 7, pauseChance: 0.01 });
  const config = testRunConfig("unfenced", { name: "million", workload: run.config });
  const shading = [{ start: "pause", stop: "resume", label: "pause", color: "#f4b400" }];
  const model = buildReportModel({ config, history: asColumns(run.history), storage: run.storage, results: { valid: "unknown", results: {} }, shading });
  const html = renderReportHtml(model);
  const path = join(dir, "report.html");
  writeFileSync(path, html);
  return { path, model, bytes: Buffer.byteLength(html) };
}

async function work(page: Page): Promise<Work> {
  return JSON.parse((await page.getAttribute("html", "data-fc-work")) ?? "{}") as Work;
}

/** Does `act`, then waits for the frame it asked for. */
async function frame(page: Page, act: () => Promise<void>): Promise<Work> {
  const before = (await work(page)).frames;
  await act();
  await expect.poll(async () => (await work(page)).frames, { timeout: 60_000 }).toBeGreaterThan(before);
  return work(page);
}

describe.skipIf(!existsSync(CHROMIUM))("the report of a million ops in Chromium", () => {
  it("is under 40 MB, and its timelines zoom and pan with bounded work per frame and no stall", async () => {
    const { path, model, bytes } = millionOpReport();
    expect(model.opTimeline.bars.start.length).toBeGreaterThan(OPS / 2 - 100);
    expect(bytes).toBeLessThan(40e6);
    const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => void errors.push(e.message));
    await page.goto(pathToFileURL(path).href, { timeout: 120_000 });
    await page.waitForSelector("html[data-fc-work]", { timeout: 120_000 });
    const canvas = page.locator("#track-ops canvas");
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const lanes = [model.opTimeline, ...model.leaseTimelines].reduce((n, t) => n + t.lanes.length, 0);
    // Bars and marks each fold to one rectangle per pixel column and lane; wide bars cannot fill more than the lane.
    const bound = 3 * Math.ceil(box.width) * lanes;
    // Zoomed out it reads time bins (about four per pixel column and lane), zoomed in only the entries in view.
    const scanBound = 5 * Math.ceil(box.width) * lanes + 20_000;
    const y = box.y + 22 + 16 * 1.5; // the first client lane, below the nemesis
    const whole = await page.locator(".fc-window").first().textContent();
    await page.mouse.move(box.x + box.width / 2, y);
    const seen: Work[] = [await work(page)];
    for (let i = 0; i < 12; i++) seen.push(await frame(page, () => page.mouse.wheel(0, -300)));
    for (let i = 0; i < 4; i++) {
      seen.push(await frame(page, async () => {
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - 150, y, { steps: 1 });
        await page.mouse.up();
      }));
    }
    for (let i = 0; i < 12; i++) seen.push(await frame(page, () => page.mouse.wheel(0, 300)));
    const zoomed = await frame(page, () => page.click("section button[data-fc=in]"));
    expect(await page.locator(".fc-window").first().textContent()).not.toBe(whole);
    for (const w of [...seen, zoomed]) {
      expect(w.drawn).toBeLessThanOrEqual(bound);
      expect(w.scanned).toBeLessThanOrEqual(scanBound);
      expect(w.ms).toBeLessThan(FRAME_MS);
    }
    expect(seen.at(-1)!.frames).toBeGreaterThanOrEqual(29);
    await page.mouse.move(box.x + box.width / 2, y - 2);
    await page.mouse.move(box.x + box.width / 2, y);
    await expect.poll(() => page.locator(".fc-tip").textContent()).toMatch(/^(p\d+|nemesis): \w+ .* -> \w+/);
    expect(errors).toEqual([]);
    const last = await work(page);
    process.stdout.write(`1M-op report: ${(bytes / 1e6).toFixed(1)} MB; ${last.frames} frames, slowest ${last.maxMs.toFixed(0)} ms, at most ${last.maxDrawn} rectangles (bound ${bound}) and ${last.maxScanned} entries or bins read (bound ${scanBound})\n`);
    await page.close();
  }, 600_000);
});
