import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startServiceProcess, type ServiceProcess } from "../../testing/program-process.js";

// Needs `npm run build` first: the server runs from dist/.
let dir: string;
let running: ServiceProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "lock-int-"));
});
afterEach(async () => {
  await Promise.all(running.map((p) => p.stop()));
  running = [];
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<ServiceProcess> {
  const started = await startServiceProcess("reference-lock", ["--host", "127.0.0.1", "--port", "0", "--data-dir", dir, "--node", "n1"]);
  running.push(started);
  return started;
}

async function post(endpoint: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://${endpoint}${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("reference lock server", () => {
  it("answers health, grants, busy and release over HTTP", async () => {
    const { endpoint } = await start();
    expect((await fetch(`http://${endpoint}/health`)).status).toBe(200);
    expect(await post(endpoint, "/acquire", { resource: "r", client: "a", ttlMs: 60_000 })).toEqual({ status: 200, body: { token: "1", ttlMs: 60_000 } });
    const busy = await post(endpoint, "/acquire", { resource: "r", client: "b", ttlMs: 60_000 });
    expect(busy).toMatchObject({ status: 409, body: { error: "busy", holder: "a", token: "1" } });
    expect(await post(endpoint, "/release", { resource: "r", client: "b", token: "1" })).toMatchObject({ status: 409, body: { error: "not-holder" } });
    expect(await post(endpoint, "/release", { resource: "r", client: "a", token: "1" })).toEqual({ status: 200, body: { released: true } });
    expect(await post(endpoint, "/acquire", { resource: "r", client: "b", ttlMs: 60_000 })).toMatchObject({ status: 200, body: { token: "2" } });
  });

  it("answers an acquire that waits the moment the holder releases, and busy when its wait ends first", async () => {
    const { endpoint } = await start();
    await post(endpoint, "/acquire", { resource: "r", client: "a", ttlMs: 60_000 });
    expect(await post(endpoint, "/acquire", { resource: "r", client: "b", ttlMs: 60_000, waitMs: 50 })).toMatchObject({
      status: 409, body: { error: "busy", holder: "a", waitedMs: 50 },
    });
    const waiting = post(endpoint, "/acquire", { resource: "r", client: "b", ttlMs: 60_000, waitMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await post(endpoint, "/release", { resource: "r", client: "a", token: "1" });
    expect(await waiting).toEqual({ status: 200, body: { token: "2", ttlMs: 60_000 } });
  });

  it("keeps tokens increasing and a live lease held across a SIGKILL and restart", async () => {
    const first = await start();
    await post(first.endpoint, "/acquire", { resource: "r", client: "a", ttlMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post(first.endpoint, "/acquire", { resource: "r", client: "b", ttlMs: 60_000 })).body).toMatchObject({ token: "2" });
    await first.stop("SIGKILL");
    const second = await start();
    expect(await post(second.endpoint, "/acquire", { resource: "r", client: "c", ttlMs: 60_000 })).toMatchObject({
      status: 409, body: { holder: "b", token: "2" },
    });
    await post(second.endpoint, "/release", { resource: "r", client: "b", token: "2" });
    expect((await post(second.endpoint, "/acquire", { resource: "r", client: "c", ttlMs: 60_000 })).body).toMatchObject({ token: "3" });
    const grants = readFileSync(join(dir, "grants.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { token: string; client: string });
    expect(grants.map((g) => [g.client, g.token])).toEqual([["a", "1"], ["b", "2"], ["c", "3"]]);
  });
});
