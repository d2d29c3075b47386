import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentConfig, StorageRecord } from "../../core/index.js";
import {
  startAgentProcess,
  startServiceProcess,
  type AgentProcess,
  type ServiceProcess,
} from "../testing/program-process.js";
import { entrypointPath } from "../entrypoints.js";

// Needs `npm run build` first: the programs run from dist/.
let dir: string;
let stops: (() => Promise<unknown>)[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-int-"));
});
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
  rmSync(dir, { recursive: true, force: true });
});

async function service(name: "reference-lock" | "storage", args: readonly string[]): Promise<ServiceProcess> {
  const started = await startServiceProcess(name, ["--host", "127.0.0.1", "--port", "0", ...args]);
  stops.push(() => started.stop());
  return started;
}

async function cluster(mode: "fenced" | "unfenced"): Promise<{ lock: string; storage: string; log: string }> {
  const log = join(dir, "storage.jsonl");
  const originNs = process.hrtime.bigint().toString();
  const lock = await service("reference-lock", ["--data-dir", join(dir, "lock"), "--node", "n1", "--origin-ns", originNs]);
  const storage = await service("storage", [
    "--mode", mode, "--node", "s1", "--data-dir", join(dir, "storage"), "--log", log, "--origin-ns", originNs,
  ]);
  return { lock: lock.endpoint, storage: storage.endpoint, log };
}

async function agent(clientId: string, endpoints: { lock: string; storage: string }, ttlMs = 60_000): Promise<AgentProcess> {
  const config: AgentConfig = {
    clientId, lockAdapter: "reference", lockEndpoints: [endpoints.lock], storageEndpoints: [endpoints.storage],
    ttlMs, holdMs: 10, acquireTimeoutMs: 10_000,
  };
  const started = await startAgentProcess(config);
  stops.push(() => started.stop());
  return started;
}

function records(log: string): StorageRecord[] {
  return readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line) as StorageRecord);
}

describe("client agent against the real services", () => {
  it("acquires, reads, writes and releases over stdio, then exits 0 when stdin ends", async () => {
    const endpoints = await cluster("fenced");
    const a = await agent("1", endpoints);
    expect(a.hello).toEqual({ ready: true });
    expect(await a.request("acquire", { resource: "r" })).toEqual({ id: 1, type: "ok", value: { resource: "r", token: "1" } });
    expect(await a.request("read", { resource: "r" })).toEqual({ id: 2, type: "ok", value: { resource: "r", value: null, token: null } });
    expect(await a.request("write", { resource: "r", value: "a" })).toEqual({ id: 3, type: "ok", value: { resource: "r", value: "a", token: "1" } });
    expect(await a.request("read", { resource: "r" })).toMatchObject({ type: "ok", value: { value: "a", token: "1" } });
    expect(await a.request("release", { resource: "r" })).toEqual({ id: 5, type: "ok", value: { resource: "r", token: "1" } });
    expect(await a.end()).toBe(0);
  });

  it("gives up an acquire of a busy lock at once when told to stop waiting, as at its acquire timeout", async () => {
    const endpoints = await cluster("fenced");
    const [a, b] = [await agent("1", endpoints), await agent("2", endpoints)];
    expect(await a.request("acquire", { resource: "r" })).toMatchObject({ type: "ok" });
    const started = Date.now();
    const waiting = b.request("acquire", { resource: "r" });
    setTimeout(() => b.stopWaiting(), 200);
    expect(await waiting).toMatchObject({ id: 1, type: "fail", error: { code: "lock-busy", definite: true } });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await b.request("read", { resource: "r" })).toMatchObject({ id: 2, type: "ok" });
  });

  it("takes its configuration from its first stdin line when FENCECHECK_AGENT is \"-\", then greets and serves", async () => {
    const endpoints = await cluster("fenced");
    const config: AgentConfig = {
      clientId: "1", lockAdapter: "reference", lockEndpoints: [endpoints.lock], storageEndpoints: [endpoints.storage], ttlMs: 60_000, holdMs: 10, acquireTimeoutMs: 10_000,
    };
    const a = await startAgentProcess(config, { onStdin: true });
    stops.push(() => a.stop());
    expect(a.hello).toEqual({ ready: true });
    // The configuration line was not taken for a request: the first request is answered as id 1.
    expect(await a.request("acquire", { resource: "r" })).toEqual({ id: 1, type: "ok", value: { resource: "r", token: "1" } });
    expect(await a.request("release", { resource: "r" })).toMatchObject({ id: 2, type: "ok" });
    expect(await a.end()).toBe(0);
  });

  it("logs a client library's rejection that no op awaits and goes on answering", async () => {
    const endpoints = await cluster("fenced");
    // An adapter whose grant leaves a rejected promise behind, as ioredis's given-up retries do.
    const module = join(dir, "rejecting-adapter.mjs");
    writeFileSync(module, [
      "let n = 0;",
      "export default { name: 'rejecting', connect: async () => ({",
      "  async acquire() { Promise.reject(new Error('retries given up')); return { token: String(++n) }; },",
      "  async release() {}, async close() {},",
      "}) };",
    ].join("\n"));
    const a = await startAgentProcess({
      clientId: "1", lockAdapter: module, lockEndpoints: [endpoints.lock], storageEndpoints: [endpoints.storage], ttlMs: 60_000, holdMs: 0, acquireTimeoutMs: 1_000,
    });
    stops.push(() => a.stop());
    expect(await a.request("acquire", { resource: "r" })).toMatchObject({ type: "ok", value: { token: "1" } });
    expect(await a.request("acquire", { resource: "r" })).toMatchObject({ type: "ok", value: { token: "2" } });
    expect(await a.end()).toBe(0);
    expect(a.stderr()).toContain("a client library's promise was rejected outside any op (ignored): retries given up");
  });

  it("says it is not ready, and exits 1, when its stdin ends before the configuration line", async () => {
    const child = spawn(process.execPath, [entrypointPath("agent")], { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, FENCECHECK_AGENT: "-" } });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(JSON.parse(out)).toEqual({ ready: false, error: "Cannot configure the agent: stdin ended before its configuration line" });
    expect(code).toBe(1);
  });

  it("says it is not ready, and exits 1, when the lock adapter does not exist", async () => {
    const a = await startAgentProcess({
      clientId: "1", lockAdapter: "foo", lockEndpoints: [], storageEndpoints: [], ttlMs: 100, holdMs: 0, acquireTimeoutMs: 100,
    });
    stops.push(() => a.stop());
    expect(a.hello).toMatchObject({ ready: false, error: expect.stringMatching(/^Cannot use lock service "foo": no such adapter \(known: reference, ([a-z-]+, )*etcd, /) });
    expect(await a.end()).toBe(1);
  });
});

describe.each(["fenced", "unfenced"] as const)("a paused holder's stale write with %s storage", (mode) => {
  it(`is ${mode === "fenced" ? "rejected" : "accepted"} after the next holder wrote with token + 1`, async () => {
    const endpoints = await cluster(mode);
    const a = await agent("1", endpoints, 300);
    const b = await agent("2", endpoints, 300);
    expect(await a.request("acquire", { resource: "r" })).toMatchObject({ type: "ok", value: { token: "1" } });
    // b is blocked until a's lease expires on the server's clock.
    expect(await b.request("acquire", { resource: "r" })).toMatchObject({ type: "ok", value: { token: "2" } });
    expect(await b.request("write", { resource: "r", value: "b" })).toMatchObject({ type: "ok", value: { token: "2" } });
    // a wakes up believing it still holds the lock and writes under token 1.
    const stale = await a.request("write", { resource: "r", value: "a" });
    if (mode === "fenced") {
      expect(stale).toMatchObject({ type: "fail", value: { resource: "r", value: "a", token: "1" }, error: { code: "stale-token", definite: true } });
    } else {
      expect(stale).toMatchObject({ type: "ok", value: { token: "1" } });
    }
    expect(await a.request("release", { resource: "r" })).toMatchObject({ type: "fail", error: { code: "lease-lost", definite: true } });
    const log = records(endpoints.log);
    const written = log.map((r) => [r.client, r.token, r.accepted, r.highest, r.mode]);
    expect(log[0]?.time).toBeGreaterThan(0);
    expect(log[1]?.time).toBeGreaterThan(log[0]?.time ?? Infinity);
    expect(written).toEqual([
      ["2", "2", true, null, mode],
      ["1", "1", mode === "unfenced", "2", mode],
    ]);
  });
});
