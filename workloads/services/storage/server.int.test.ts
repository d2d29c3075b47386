import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StorageRecord } from "../../../core/index.js";
import { startServiceProcess, type ServiceProcess } from "../../testing/program-process.js";

// Needs `npm run build` first: the server runs from dist/.
let dir: string;
let running: ServiceProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "storage-int-"));
});
afterEach(async () => {
  await Promise.all(running.map((p) => p.stop()));
  running = [];
  rmSync(dir, { recursive: true, force: true });
});

async function start(node: string): Promise<ServiceProcess> {
  const args = ["--host", "127.0.0.1", "--port", "0", "--mode", "fenced", "--node", node];
  const started = await startServiceProcess("storage", [...args, "--data-dir", join(dir, node), "--log", join(dir, "storage.jsonl")]);
  running.push(started);
  return started;
}

async function write(endpoint: string, key: string, token: string | null): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify({ key, value: `v${token}`, token, client: "c" });
  const response = await fetch(`http://${endpoint}/write`, { method: "POST", body });
  return { status: response.status, body: await response.json() };
}

async function read(endpoint: string, key: string): Promise<unknown> {
  return (await fetch(`http://${endpoint}/read?key=${key}`)).json();
}

describe("storage server", () => {
  it("keeps its state across a SIGKILL and restart, so a stale token stays rejected", async () => {
    const first = await start("s1");
    expect(await write(first.endpoint, "k", "5")).toEqual({ status: 200, body: { accepted: true, highest: null } });
    await first.stop("SIGKILL");
    const second = await start("s1");
    expect(await read(second.endpoint, "k")).toEqual({ value: "v5", token: "5" });
    expect(await write(second.endpoint, "k", "4")).toEqual({ status: 409, body: { accepted: false, reason: "stale-token", highest: "5" } });
    expect(await write(second.endpoint, "k", null)).toMatchObject({ status: 409, body: { reason: "missing-token" } });
  });

  it("lets two nodes append their decisions to one shared log", async () => {
    const [s1, s2] = await Promise.all([start("s1"), start("s2")]);
    await Promise.all([write(s1.endpoint, "a", "1"), write(s2.endpoint, "b", "1"), write(s1.endpoint, "a", "2")]);
    const lines = readFileSync(join(dir, "storage.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as StorageRecord);
    expect(lines.map((r) => `${r.node}:${r.key}:${r.token}`).sort()).toEqual(["s1:a:1", "s1:a:2", "s2:b:1"]);
  });
});
