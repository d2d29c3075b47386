/**
 * Opens real reports in headless Chromium (Debian's /usr/bin/chromium via
 * playwright-core): a synthetic run with stale writes rendered by the real
 * pipeline (checkers, Chart.js charts, HTML). No console errors; the
 * verdict, charts and canvas timelines are visible and drawn; screenshots
 * go to test-output/. Skipped without Chromium, except under CI=true,
 * where a missing browser fails.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRunConfig } from "../../../checkers/index.js";
import { syntheticLockRun } from "../../../reports/index.js";
import { checkAndReport } from "./check-and-report.js";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const out = join(process.cwd(), "test-output");
const dir = mkdtempSync(join(tmpdir(), "fc-report-"));
let browser: Browser | undefined;

beforeAll(async () => {
  mkdirSync(out, { recursive: true });
  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => {
  await browser?.close();
  if (process.env["FC_KEEP_REPORTS"] === undefined) rmSync(dir, { recursive: true, force: true });
});

async function report(storage: "fenced" | "unfenced"): Promise<string> {
  const run = syntheticLockRun({ ops: 3000, storage, seed: 3, pauseChance: 0.05 });
  const config = testRunConfig(storage, { name: `synthetic-${storage}`, workload: run.config });
  const runDir = join(dir, storage);
  mkdirSync(runDir, { recursive: true });
  const checked = await checkAndReport({ config, history: run.history, storage: run.storage, dir: runDir, junitPath: join(runDir, "junit.xml") });
  expect(checked.valid).toBe(storage === "fenced");
  if (checked.reportPath === undefined) throw new Error(`no report was written in "${runDir}"`);
  return checked.reportPath;
}

describe("a browser under CI", () => {
  // A missing browser must never switch these tests off silently: under CI=true it fails.
  it.runIf(process.env.CI === "true")("is installed", () => {
    expect(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`).toBe(true);
  });
});

describe.skipIf(!existsSync(CHROMIUM))("the report in Chromium", () => {
  it.each(["unfenced", "fenced"] as const)("opens the %s report offline with no console errors, visible charts and drawn timelines", async (storage) => {
    const path = await report(storage);
    const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => void errors.push(e.message));
    page.on("request", (r) => void (r.url().startsWith("file:") || r.url().startsWith("data:") || errors.push(`network: ${r.url()}`)));
    await page.goto(pathToFileURL(path).href);
    await page.waitForSelector("html[data-fc-drawn]");
    await expect.poll(() => page.locator("h1").first().textContent()).toBe(storage === "unfenced" ? "Invalid" : "Valid");
    const charts = await page.$$eval("img.chart", (imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
    expect(charts.length).toBeGreaterThanOrEqual(2);
    expect(charts.every((w) => w > 0)).toBe(true);
    const canvases = await page.$$eval("canvas.fc-canvas", (cs) => cs.map((c) => {
      const canvas = c as unknown as { width: number; height: number; getContext(k: string): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      let coloured = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2]) coloured++;
      return { height: canvas.height, coloured };
    }));
    expect(canvases.length).toBe(3);
    for (const c of canvases) expect(c.coloured).toBeGreaterThan(500);
    await page.screenshot({ path: join(out, `report-${storage}.png`), fullPage: true });
    await page.click("section.story button[data-fc=focus]");
    await page.locator("#track-lease-r1").screenshot({ path: join(out, `report-${storage}-lease-focus.png`) });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("writes JUnit XML with one test case per checker and the story in the failure", async () => {
    await report("unfenced");
    const xml = readFileSync(join(dir, "unfenced", "junit.xml"), "utf8");
    const checkers = Object.keys((JSON.parse(readFileSync(join(dir, "unfenced", "results.json"), "utf8")) as { results: object }).results);
    expect(xml).toMatch(new RegExp(`<testsuites [^>]*tests="${checkers.length}" failures="[1-9]`));
    expect(xml.match(/<testcase /g)?.length).toBe(checkers.length);
    expect(xml).toContain("Storage accepted a write under a stale lease");
  });
});
