import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createAcquireWaiters } from "../services/reference-lock/acquire-waiters.js";
import { createLeaseTable } from "../services/reference-lock/lease-table.js";
import { lockRoute } from "../services/reference-lock/lock-route.js";
import { serveJson, type JsonRoute } from "../services/serve-json.js";
import { createReferenceAdapter } from "./reference-adapter.js";
import type { LockClient } from "./lock-adapter.js";

const servers: (Server | TcpServer)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/**
 * An in-process reference lock service on the real wall clock; `waits: false`
 * answers busy at once, as a server without waiting. `seen` gets one line per
 * request as it arrives ("b asks", "a releases") and per grant as it is
 * answered ("b granted").
 */
async function lockService({ waits = true, seen = [] as string[] } = {}): Promise<string> {
  const table = createLeaseTable({ nowMs: () => performance.timeOrigin + performance.now() });
  const waiters = waits ? { waiters: createAcquireWaiters({ setTimeout, clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) }) } : {};
  const locks = lockRoute({ table, persist: () => undefined, recordGrant: () => undefined, ...waiters });
  const route: JsonRoute = async (request) => {
    const who = String((request.body as { client?: unknown } | null)?.client);
    seen.push(`${who} ${request.path === "/acquire" ? "asks" : "releases"}`);
    const response = await locks(request);
    if (request.path === "/acquire" && response.status === 200) seen.push(`${who} granted`);
    return response;
  };
  const server = await serveJson(route, { host: "127.0.0.1", port: 0, log: () => undefined, announce: () => undefined });
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function client(endpoint: string, id: string, attemptTimeoutMs = 2000): Promise<LockClient> {
  return createReferenceAdapter({ attemptTimeoutMs }).connect({ endpoints: [endpoint], clientId: id });
}

function never(): AbortSignal {
  return new AbortController().signal;
}

async function caught(promise: Promise<unknown>): Promise<{ code?: unknown; definite?: unknown }> {
  return promise.then(
    () => ({}),
    (e: unknown) => e as { code?: unknown; definite?: unknown },
  );
}

describe("reference adapter", () => {
  it("waits out a busy lease and gets the next token", async () => {
    const endpoint = await lockService();
    const a = await client(endpoint, "a");
    const b = await client(endpoint, "b");
    expect((await a.acquire("r", { ttlMs: 150, signal: never() })).token).toBe("1");
    expect((await b.acquire("r", { ttlMs: 150, signal: never() })).token).toBe("2");
  });

  it("is granted the moment the holder releases, while its attempt waits on the server", async () => {
    const seen: string[] = [];
    const endpoint = await lockService({ seen });
    const a = await client(endpoint, "a");
    const lease = await a.acquire("r", { ttlMs: 60_000, signal: never() });
    const waiting = (await client(endpoint, "b")).acquire("r", { ttlMs: 60_000, signal: never() });
    // Released once b's second attempt is waiting on the server (a fixed sleep raced b's first request on a loaded machine).
    while (seen.filter((line) => line === "b asks").length < 2) await new Promise((resolve) => setTimeout(resolve, 2));
    await a.release("r", lease, { signal: never() });
    expect((await waiting).token).toBe("2");
    // The grant answers an attempt already waiting when the release came: a client that polled would ask again after it.
    expect(seen.slice(seen.indexOf("a releases"))).toEqual(["a releases", "b granted"]);
  });

  it("backs off and asks again when the server answers busy without waiting", async () => {
    const endpoint = await lockService({ waits: false });
    const a = await client(endpoint, "a");
    const b = await client(endpoint, "b");
    expect((await a.acquire("r", { ttlMs: 150, signal: never() })).token).toBe("1");
    expect((await b.acquire("r", { ttlMs: 150, signal: never() })).token).toBe("2");
  });

  it("gives up with a definite lock-busy when the signal aborts while the lock is held", async () => {
    const endpoint = await lockService();
    await (await client(endpoint, "a")).acquire("r", { ttlMs: 60_000, signal: never() });
    const error = await caught((await client(endpoint, "b")).acquire("r", { ttlMs: 100, signal: AbortSignal.timeout(150) }));
    expect(error).toMatchObject({ code: "lock-busy", definite: true });
  });

  it("releases a held lease, then reports a second release as a definite lease-lost", async () => {
    const endpoint = await lockService();
    const a = await client(endpoint, "a");
    const lease = await a.acquire("r", { ttlMs: 60_000, signal: never() });
    await a.release("r", lease, { signal: never() });
    expect(await caught(a.release("r", lease, { signal: never() }))).toMatchObject({ code: "lease-lost", definite: true });
  });

  it("reports a refused connection as indeterminate", async () => {
    const endpoint = await lockService();
    const server = servers.pop() as Server;
    await new Promise((resolve) => server.close(resolve));
    const error = await caught((await client(endpoint, "a")).acquire("r", { ttlMs: 100, signal: never() }));
    expect(error).toMatchObject({ code: "unavailable", definite: false });
  });

  it("reports an attempt that gets no answer in time as an indeterminate timeout", async () => {
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    servers.push(silent);
    const endpoint = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const error = await caught((await client(endpoint, "a", 100)).acquire("r", { ttlMs: 100, signal: never() }));
    expect(error).toMatchObject({ code: "timeout", definite: false });
  });
});
