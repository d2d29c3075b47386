/**
 * A shared agent host (FENCECHECK_AGENT "+") against the real reference
 * lock and storage: several clients in one process, each a session opened
 * by its own line, served side by side.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AGENT_SHARED, type AgentConfig } from "../../core/index.js";
import { entrypointPath } from "../entrypoints.js";
import { startServiceProcess, type ServiceProcess } from "../testing/program-process.js";

// Needs `npm run build` first: the programs run from dist/.
let dir: string;
let processes: (ServiceProcess | ChildProcess)[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "shared-agent-int-"));
});
afterEach(async () => {
  for (const p of processes) "stop" in p ? await p.stop() : p.kill("SIGKILL");
  processes = [];
  rmSync(dir, { recursive: true, force: true });
});

async function services(): Promise<{ lock: string; storage: string }> {
  const originNs = process.hrtime.bigint().toString();
  const lock = await startServiceProcess("reference-lock", ["--host", "127.0.0.1", "--port", "0", "--data-dir", join(dir, "lock"), "--node", "n1", "--origin-ns", originNs]);
  const storage = await startServiceProcess("storage", ["--host", "127.0.0.1", "--port", "0", "--mode", "fenced", "--node", "s1", "--data-dir", join(dir, "storage"), "--log", join(dir, "storage.jsonl"), "--origin-ns", originNs]);
  processes.push(lock, storage);
  return { lock: lock.endpoint, storage: storage.endpoint };
}

/** The host's stdin and the lines it printed, awaited by a predicate. */
function startHost(): { send(line: object): void; next(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>; end(): Promise<number | null> } {
  const child = spawn(process.execPath, [entrypointPath("agent")], { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, FENCECHECK_AGENT: AGENT_SHARED } });
  processes.push(child);
  const seen: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    seen.push(JSON.parse(line) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    send: (line) => child.stdin.write(`${JSON.stringify(line)}\n`),
    async next(match) {
      for (;;) {
        const at = seen.findIndex(match);
        if (at >= 0) return seen.splice(at, 1)[0] as Record<string, unknown>;
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
    end: () => (child.stdin.end(), new Promise((resolve) => child.once("close", resolve))),
  };
}

const clientOf = (endpoints: { lock: string; storage: string }, clientId: string): AgentConfig => ({
  clientId, lockAdapter: "reference", lockEndpoints: [endpoints.lock], storageEndpoints: [endpoints.storage], ttlMs: 60_000, holdMs: 0, acquireTimeoutMs: 10_000,
});

describe("a shared agent host", () => {
  it("serves two clients side by side: one writes while the other waits for the lock, each reply tagged with its session", async () => {
    const endpoints = await services();
    const host = startHost();
    host.send({ session: 0, open: clientOf(endpoints, "1") });
    host.send({ session: 1, open: clientOf(endpoints, "2") });
    expect(await host.next((l) => l.session === 0)).toEqual({ session: 0, ready: true });
    expect(await host.next((l) => l.session === 1)).toEqual({ session: 1, ready: true });
    host.send({ session: 0, id: 1, f: "acquire", value: { resource: "r" } });
    expect(await host.next((l) => l.session === 0)).toEqual({ session: 0, id: 1, type: "ok", value: { resource: "r", token: "1" } });
    host.send({ session: 1, id: 1, f: "acquire", value: { resource: "r" } });
    host.send({ session: 0, id: 2, f: "write", value: { resource: "r", value: "a" } });
    expect(await host.next((l) => l.session === 0)).toEqual({ session: 0, id: 2, type: "ok", value: { resource: "r", value: "a", token: "1" } });
    host.send({ session: 1, stopWaiting: 1 });
    expect(await host.next((l) => l.session === 1)).toMatchObject({ session: 1, id: 1, type: "fail", error: { code: "lock-busy", definite: true } });
    host.send({ session: 0, id: 3, f: "release", value: { resource: "r" } });
    expect(await host.next((l) => l.session === 0)).toMatchObject({ id: 3, type: "ok" });
    host.send({ session: 1, id: 2, f: "acquire", value: { resource: "r" } });
    expect(await host.next((l) => l.session === 1)).toEqual({ session: 1, id: 2, type: "ok", value: { resource: "r", token: "2" } });
    expect(await host.end()).toBe(0);
  });

  it("says a client cannot start in that session's hello, and goes on serving its other clients", async () => {
    const endpoints = await services();
    const host = startHost();
    host.send({ session: 0, open: { ...clientOf(endpoints, "1"), lockAdapter: "foo" } });
    host.send({ session: 1, open: clientOf(endpoints, "2") });
    expect(await host.next((l) => l.session === 0)).toMatchObject({ session: 0, ready: false, error: expect.stringMatching(/^Cannot use lock service "foo"/) });
    expect(await host.next((l) => l.session === 1)).toEqual({ session: 1, ready: true });
    host.send({ session: 1, id: 1, f: "acquire", value: { resource: "r" } });
    expect(await host.next((l) => l.session === 1)).toMatchObject({ session: 1, id: 1, type: "ok" });
    expect(await host.end()).toBe(0);
  });
});
