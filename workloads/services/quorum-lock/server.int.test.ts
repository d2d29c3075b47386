/**
 * Three quorum-lock processes on 127.0.0.1 (two replicas and a witness),
 * driven through the `quorum` adapter. Needs `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createQuorumAdapter } from "../../adapters/quorum-adapter.js";
import { startServiceProcess, type ServiceProcess } from "../../testing/program-process.js";

let dirs: string[] = [];
let running: ServiceProcess[] = [];
afterEach(async () => {
  await Promise.all(running.map((p) => p.stop()));
  running = [];
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `roles.length` nodes; each knows the others; returns their endpoints and processes. */
async function startCluster(roles: readonly ("replica" | "witness")[], quorum: number): Promise<{ endpoints: string[]; nodes: ServiceProcess[]; dirs: string[] }> {
  const ports = await Promise.all(roles.map(() => freePort()));
  const endpoints = ports.map((p) => `127.0.0.1:${p}`);
  const nodeDirs = roles.map(() => mkdtempSync(join(tmpdir(), "quorum-lock-")));
  dirs.push(...nodeDirs);
  const nodes = await Promise.all(roles.map((role, i) => startServiceProcess("quorum-lock", [
    "--host", "127.0.0.1", "--port", String(ports[i]), "--data-dir", nodeDirs[i] as string, "--node", `l${i + 1}`,
    "--quorum", String(quorum), "--peers", endpoints.filter((_, j) => j !== i).join(","), "--peer-timeout-ms", "300",
    ...(role === "witness" ? ["--witness"] : []),
  ])));
  running.push(...nodes);
  return { endpoints, nodes, dirs: nodeDirs };
}

function never(): AbortSignal {
  return new AbortController().signal;
}

async function caught(promise: Promise<unknown>): Promise<{ code?: unknown; definite?: unknown }> {
  return promise.then(() => ({}), (e: unknown) => e as { code?: unknown; definite?: unknown });
}

describe("quorum lock service", () => {
  it("grants through a replica, makes others wait, and refuses clients at the witness", async () => {
    const { endpoints, dirs: nodeDirs } = await startCluster(["replica", "replica", "witness"], 2);
    const witness = await fetch(`http://${endpoints[2]}/acquire`, { method: "POST", body: JSON.stringify({ resource: "r", client: "w", ttlMs: 100 }) });
    expect(witness.status).toBe(421);
    const adapter = createQuorumAdapter({ attemptTimeoutMs: 1500 });
    const a = await adapter.connect({ endpoints, clientId: "a" });
    const b = await adapter.connect({ endpoints, clientId: "b" });
    const first = await a.acquire("r", { ttlMs: 60_000, signal: never() });
    expect(first.token).toBe("1");
    expect(await caught(b.acquire("r", { ttlMs: 60_000, signal: AbortSignal.timeout(300) }))).toMatchObject({ code: "lock-busy", definite: true });
    await a.release("r", first, { signal: never() });
    expect(BigInt((await b.acquire("r", { ttlMs: 60_000, signal: never() })).token as string)).toBeGreaterThan(1n);
    const grants = nodeDirs.slice(0, 2).flatMap((d) => readGrants(d));
    expect(grants.map((g) => g.client).sort()).toEqual(["a", "b"]);
  });

  it("stays available with one replica down thanks to the witness, and becomes unavailable with two down", async () => {
    const { endpoints, nodes } = await startCluster(["replica", "replica", "witness"], 2);
    await nodes[1]?.stop("SIGKILL");
    const client = await createQuorumAdapter({ attemptTimeoutMs: 1500 }).connect({ endpoints, clientId: "c" });
    const lease = await client.acquire("r", { ttlMs: 60_000, signal: never() });
    await client.release("r", lease, { signal: never() });
    await nodes[2]?.stop("SIGKILL");
    expect(await caught(client.acquire("r", { ttlMs: 60_000, signal: AbortSignal.timeout(800) }))).toMatchObject({ code: "unavailable", definite: true });
  });
});

function readGrants(dir: string): { client: string; token: string }[] {
  let text = "";
  try {
    text = readFileSync(join(dir, "grants.jsonl"), "utf8");
  } catch {
    return [];
  }
  return text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as { client: string; token: string });
}
