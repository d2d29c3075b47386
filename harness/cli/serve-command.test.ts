import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStore, type StoreServer } from "./serve-command.js";

const store = mkdtempSync(join(tmpdir(), "fc-serve-"));
let server: StoreServer;

function run(name: string, time: string, valid: unknown): void {
  const dir = join(store, name, time);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "config.json"), "{}");
  writeFileSync(join(dir, "results.json"), JSON.stringify({ valid, results: { fencing: { valid } } }));
  writeFileSync(join(dir, "report.html"), `<h1>${name}</h1>`);
}

beforeAll(async () => {
  run("reference-unfenced-pause", "2026-11-30T040000Z", false);
  run("reference-fenced-pause", "2026-11-30T050000Z", true);
  mkdirSync(join(store, "matrix-2026-11-30T060000Z"));
  writeFileSync(join(store, "matrix-2026-11-30T060000Z", "index.html"), "<h1>matrix</h1>");
  symlinkSync("/etc", join(store, "escape"));
  server = await serveStore(store, 0);
});
afterAll(async () => {
  await server.close();
  rmSync(store, { recursive: true, force: true });
});

describe("fencecheck serve", () => {
  it("lists runs newest first, coloured by verdict, with links to their reports and the matrices", async () => {
    const html = await (await fetch(server.url)).text();
    expect(html.indexOf("reference-fenced-pause")).toBeLessThan(html.indexOf("reference-unfenced-pause"));
    expect(html).toContain('<tr class="v-false"><td>reference-unfenced-pause</td>');
    expect(html).toContain('<tr class="v-true"><td>reference-fenced-pause</td>');
    expect(html).toContain('href="matrix-2026-11-30T060000Z/index.html"');
    const link = /href="(reference-unfenced-pause\/[^"]+)"/.exec(html)?.[1];
    const report = await fetch(new URL(link!, server.url));
    expect(report.status).toBe(200);
    expect(await report.text()).toBe("<h1>reference-unfenced-pause</h1>");
  });

  it("serves nothing outside the store, and only report-related files", async () => {
    expect((await fetch(new URL("/escape/passwd.json", server.url))).status).toBe(404);
    expect((await fetch(new URL("/%2e%2e/%2e%2e/etc/hostname.html", server.url))).status).toBe(404);
    expect((await fetch(new URL("/reference-fenced-pause/2026-11-30T050000Z/config.json", server.url))).status).toBe(200);
    expect((await fetch(new URL("/reference-fenced-pause/2026-11-30T050000Z/", server.url))).status).toBe(404);
  });
});

describe("fencecheck serve, asked badly", () => {
  it("answers 400 to a path that does not decode and goes on serving", async () => {
    expect((await fetch(new URL("/%", server.url))).status).toBe(400);
    expect((await fetch(server.url)).status).toBe(200);
  });
});
