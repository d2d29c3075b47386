import { mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properLockfileAdapter } from "./proper-lockfile-adapter.js";

const root = mkdtempSync(join(tmpdir(), "fencecheck-lockfile-"));
const dir = join(root, "locks");
let server: Server;
let endpoint: string;

/** A lock node as the adapter expects one: any GET answers where the shared directory is. */
function directoryNode(shared: string): Promise<[Server, string]> {
  const s = createServer((_q, r) => r.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ dir: shared })));
  return new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve([s, `127.0.0.1:${(s.address() as AddressInfo).port}`])));
}

beforeAll(async () => {
  mkdirSync(dir);
  [server, endpoint] = await directoryNode(dir);
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const live = (): AbortSignal => new AbortController().signal;

describe("the proper-lockfile adapter on a shared directory", () => {
  it("makes a second client wait while the lock is held, and give up with a definite lock-busy when its acquire is aborted", async () => {
    const a = await properLockfileAdapter.connect({ endpoints: [endpoint], clientId: "a" });
    const b = await properLockfileAdapter.connect({ endpoints: [endpoint], clientId: "b" });
    const lease = await a.acquire("r1", { ttlMs: 2000, signal: live() });
    expect(lease.token).toBeNull();
    await expect(b.acquire("r1", { ttlMs: 2000, signal: AbortSignal.timeout(300) })).rejects.toMatchObject({ code: "lock-busy", definite: true });
    await a.release("r1", lease, { signal: live() });
    const next = await b.acquire("r1", { ttlMs: 2000, signal: AbortSignal.timeout(2000) });
    await b.release("r1", next, { signal: live() });
  });

  it("takes over a lock whose mtime is older than stale by this client's clock (a holder that stopped touching it)", async () => {
    const c = await properLockfileAdapter.connect({ endpoints: [endpoint], clientId: "c" });
    // A lock left by a holder that stopped: its directory exists, its mtime 10 s old.
    mkdirSync(join(dir, "r2.lock"));
    const old = new Date(Date.now() - 10_000);
    utimesSync(join(dir, "r2.lock"), old, old);
    const lease = await c.acquire("r2", { ttlMs: 2000, signal: AbortSignal.timeout(2000) });
    await c.release("r2", lease, { signal: live() });
  });

  it("refuses with one definite line a client that cannot see the lock directory", async () => {
    const [elsewhere, at] = await directoryNode(join(root, "not-on-this-machine"));
    try {
      await expect(properLockfileAdapter.connect({ endpoints: [at], clientId: "d" })).rejects.toMatchObject({
        definite: true, message: expect.stringContaining("is not visible from this client"),
      });
    } finally {
      elsewhere.close();
    }
  });
});
