/**
 * Opens the validate page in headless Chromium (Debian's /usr/bin/chromium
 * via playwright-core) at a laptop's width: a page built from results of
 * the CI subset's cells (expanded from the table, not run), and one of the
 * nightly's shape (every cell, three seeds each, one mismatch). Every cell
 * that ran lies within the window's width, and no command shows the
 * `{root}` placeholder. Screenshots go to test-output/. Skipped without
 * Chromium, except under CI=true, where a missing browser fails.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMatrixHtml } from "../../reports/index.js";
import type { CellResult } from "./cell-verdict.js";
import { cellRuns, type CellChoice } from "./validation-cells.js";
import { validationPage } from "./validation-output.js";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const LAPTOP = { width: 1366, height: 768 };
const out = join(process.cwd(), "test-output");
const dir = mkdtempSync(join(tmpdir(), "fc-validate-page-"));
let browser: Browser | undefined;

beforeAll(async () => {
  mkdirSync(out, { recursive: true });
  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Results as if every run gave its declared verdict (an "either" cell: valid), but for `missed`, which timed out. */
function results(cells: CellChoice, seeds: number, missed?: string): CellResult[] {
  const store = join(dir, "store");
  return cellRuns({ cells, seeds, timeLimitSeconds: 10, runtime: "local", store, root: "/opt/fencecheck" }).map((run) => {
    const report = join(store, run.cell.replace(/[^a-z0-9]+/gi, "-"), `seed${run.seed}`, "report.html");
    if (run.cell === missed && run.seed === 2) return { run, got: "timeout", seconds: 150, reportPath: report, detail: "fencecheck: the run passed its hard timeout of 150 s while stopping node l1 (/var/lib/fencecheck/run-1/l1)" };
    return { run, got: run.expect === "either" ? "valid" : run.expect, seconds: 12, reportPath: report };
  });
}

/** Writes the page of `of` and returns its path. */
function page(name: string, of: readonly CellResult[], command: string): string {
  const pageDir = join(dir, "store", `validate-${name}`);
  mkdirSync(pageDir, { recursive: true });
  const model = validationPage(of, { command, stamp: "20261207T040000Z", root: ".", href: (p) => relative(pageDir, p) });
  const path = join(pageDir, "index.html");
  writeFileSync(path, renderMatrixHtml(model));
  return path;
}

describe("a browser under CI", () => {
  // A missing browser must never switch these tests off silently: under CI=true it fails.
  it.runIf(process.env.CI === "true")("is installed", () => {
    expect(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`).toBe(true);
  });
});

describe.skipIf(!existsSync(CHROMIUM))("the validate page at a laptop's width", () => {
  it.each([
    { name: "ci", command: "fencecheck validate --cells ci", of: () => results("ci", 1) },
    { name: "nightly", command: "fencecheck validate --cells all --seeds 3", of: () => results("all", 3, "etcd/kill-lock") },
  ])("shows every cell of the $name page within the window, and commands without {root}", async ({ name, command, of }) => {
    const ran = of();
    const tab = await browser!.newPage({ viewport: LAPTOP });
    await tab.goto(pathToFileURL(page(name, ran, command)).href);
    const html = await tab.$eval("html", (h) => ({ width: h.clientWidth, scrollWidth: h.scrollWidth }));
    const cells = await tab.$$eval("td[data-cell]", (tds) => tds.map((td) => {
      const box = td.getBoundingClientRect();
      return { cell: td.getAttribute("data-cell"), left: box.left, right: box.right };
    }));
    expect(cells.map((c) => c.cell).sort()).toEqual([...new Set(ran.map((r) => r.run.cell))].sort());
    expect(cells.filter((c) => c.left < 0 || c.right > html.width)).toEqual([]);
    expect(html.scrollWidth).toBeLessThanOrEqual(html.width);
    const text = await tab.locator("body").innerText();
    expect(text).not.toContain("{root}");
    if (name === "ci") expect(text).toContain("--lock ./harness/cli/testdata/early-lock/adapter.mjs");
    await tab.screenshot({ path: join(out, `validate-page-${name}.png`), fullPage: true });
    await tab.close();
  });
});
