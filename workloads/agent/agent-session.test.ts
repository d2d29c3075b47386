import { describe, expect, it } from "vitest";
import type { AgentConfig, AgentRequest } from "../../core/index.js";
import type { CheckedLease, CheckedLockClient } from "../adapters/load-lock-adapter.js";
import { LockError } from "../adapters/lock-error.js";
import type { StorageClient, StorageWriteRequest, StorageWriteResult } from "../adapters/storage-client.js";
import { createAgentSession } from "./agent-session.js";

const config: AgentConfig = {
  clientId: "7", lockAdapter: "reference", lockEndpoints: [], storageEndpoints: [], ttlMs: 100, holdMs: 25, acquireTimeoutMs: 50,
};

interface Fakes {
  readonly config?: Partial<AgentConfig>;
  readonly now?: { ms: number };
  readonly acquire?: CheckedLockClient["acquire"];
  readonly release?: CheckedLockClient["release"];
  readonly write?: (request: StorageWriteRequest) => StorageWriteResult;
}

function session(fakes: Fakes = {}) {
  const calls = { sleeps: [] as number[], writes: [] as StorageWriteRequest[], released: [] as CheckedLease[], fenced: [] as string[] };
  let next = 0;
  const lock: CheckedLockClient = {
    acquire: fakes.acquire ?? (async () => ({ token: String(++next + 32), lease: { token: next + 32 } })),
    release: fakes.release ?? (async (_resource, lease) => void calls.released.push(lease)),
    close: async () => undefined,
  };
  const storage: StorageClient = {
    endpointFor: () => "s1",
    read: async () => ({ kind: "value", value: "v", token: "33" }),
    async write(request) {
      calls.writes.push(request);
      return fakes.write ? fakes.write(request) : { kind: "accepted", highest: null };
    },
  };
  const sleep = async (ms: number): Promise<void> => void calls.sleeps.push(ms);
  const now = fakes.now ?? { ms: 1_000 };
  const selfFence = (reason: string): never => {
    calls.fenced.push(reason);
    throw new Error(`self-fenced: ${reason}`);
  };
  const deps = { config: { ...config, ...fakes.config }, lock, storage, sleep, nowMs: () => now.ms, selfFence };
  return { calls, s: createAgentSession(deps) };
}

const req = (id: number, f: string, value: unknown): AgentRequest => ({ id, f, value });

describe("agent session", () => {
  it("ends an acquire whose adapter ignores the abort as info shortly after its deadline, not when the adapter gives up", async () => {
    const never = new Promise<CheckedLease>(() => undefined);
    const { s } = session({ acquire: () => never });
    const reply = await s.handle(req(1, "acquire", { resource: "r" }));
    expect(reply).toMatchObject({ id: 1, type: "info", error: { code: "timeout", definite: false } });
    expect((reply as { error: { message: string } }).error.message).toMatch(/^Cannot acquire "r": the adapter did not give up within 250 ms of its deadline$/);
  });

  it("keeps the adapter's own answer when it gives up at the deadline (a definite fail stays fail)", async () => {
    const acquire: CheckedLockClient["acquire"] = (_resource, { signal }) => new Promise((_, reject) => {
      signal.addEventListener("abort", () => reject(new LockError("lock-busy", "held by another client", true)));
    });
    const { s } = session({ acquire });
    expect(await s.handle(req(1, "acquire", { resource: "r" }))).toMatchObject({ type: "fail", error: { code: "lock-busy", definite: true } });
  });

  it("acquires, reads, holds, writes under the lease's token, and releases", async () => {
    const { s, calls } = session();
    expect(await s.handle(req(1, "acquire", { resource: "r" }))).toEqual({ id: 1, type: "ok", value: { resource: "r", token: "33" } });
    expect(await s.handle(req(2, "read", { resource: "r" }))).toEqual({ id: 2, type: "ok", value: { resource: "r", value: "v", token: "33" } });
    expect(await s.handle(req(3, "hold", { resource: "r", phase: "critical-section" }))).toEqual({ id: 3, type: "ok", value: { resource: "r", holdMs: 25, token: "33" } });
    expect(await s.handle(req(4, "hold", { resource: "r", phase: "critical-section", holdMs: 40 }))).toMatchObject({ type: "ok", value: { holdMs: 40 } });
    expect(calls.sleeps).toEqual([25, 40]);
    expect(await s.handle(req(5, "write", { resource: "r", value: "x" }))).toEqual({
      id: 5, type: "ok", value: { resource: "r", value: "x", token: "33" },
    });
    expect(calls.writes).toEqual([{ key: "r", value: "x", token: "33", client: "7" }]);
    expect(await s.handle(req(6, "release", { resource: "r" }))).toEqual({ id: 6, type: "ok", value: { resource: "r", token: "33" } });
    expect(calls.released.map((l) => l.token)).toEqual(["33"]);
  });

  it("sends a write at once: it neither sleeps nor looks at its lease first", async () => {
    const now = { ms: 1_000 };
    const { s, calls } = session({ config: { leaseCheck: "self-fence", holdMs: 25 }, now });
    await s.handle(req(1, "acquire", { resource: "r" }));
    now.ms += 500;
    expect(await s.handle(req(2, "write", { resource: "r", value: "x" }))).toMatchObject({ type: "ok" });
    expect(calls).toMatchObject({ sleeps: [], fenced: [] });
  });

  it("refuses to hold or look at a lease it does not hold, definitely", async () => {
    const { s, calls } = session();
    expect(await s.handle(req(1, "hold", { resource: "r" }))).toMatchObject({ type: "fail", error: { code: "not-holder", definite: true } });
    expect(await s.handle(req(2, "check-lease", { resource: "r" }))).toMatchObject({ type: "fail", error: { code: "not-holder", definite: true } });
    expect(calls.sleeps).toEqual([]);
  });

  it("refuses to write without a lease, definitely", async () => {
    const { s, calls } = session();
    const reply = await s.handle(req(1, "write", { resource: "r", value: "x" }));
    expect(reply).toMatchObject({ type: "fail", error: { code: "not-holder", definite: true } });
    expect(calls.writes).toEqual([]);
  });

  it("reports a stale-token rejection as a definite fail carrying the token", async () => {
    const { s } = session({ write: () => ({ kind: "rejected", reason: "stale-token", highest: "34" }) });
    await s.handle(req(1, "acquire", { resource: "r" }));
    const reply = await s.handle(req(2, "write", { resource: "r", value: "x" }));
    expect(reply).toMatchObject({ type: "fail", value: { resource: "r", value: "x", token: "33" }, error: { code: "stale-token", definite: true } });
  });

  it("reports a write whose connection storage refused as a definite fail: it never reached storage", async () => {
    const { s } = session({ write: () => ({ kind: "refused", message: "POST http://s1:7000/write: ECONNREFUSED" }) });
    await s.handle(req(1, "acquire", { resource: "r" }));
    expect(await s.handle(req(2, "write", { resource: "r", value: "x" }))).toMatchObject({ type: "fail", error: { code: "unavailable", definite: true } });
  });

  it("reports a write without an answer as info", async () => {
    const { s } = session({ write: () => ({ kind: "unanswered", message: "ECONNRESET", timedOut: false }) });
    await s.handle(req(1, "acquire", { resource: "r" }));
    expect(await s.handle(req(2, "write", { resource: "r", value: "x" }))).toMatchObject({ type: "info", error: { definite: false } });
  });

  it("turns a definite adapter error into fail and any other into info", async () => {
    const busy = session({ acquire: async () => Promise.reject(new LockError("lock-busy", "busy", true)) }).s;
    expect(await busy.handle(req(1, "acquire", { resource: "r" }))).toMatchObject({ type: "fail", error: { code: "lock-busy", definite: true } });
    const lost = session({ acquire: async () => Promise.reject(new Error("socket hang up")) }).s;
    expect(await lost.handle(req(1, "acquire", { resource: "r" }))).toMatchObject({ type: "info", error: { code: "unknown", definite: false } });
  });

  it("forgets the lease after a lease-lost release, so the next write is not-holder", async () => {
    const { s } = session({ release: async () => Promise.reject(new LockError("lease-lost", "gone", true)) });
    await s.handle(req(1, "acquire", { resource: "r" }));
    expect(await s.handle(req(2, "release", { resource: "r" }))).toMatchObject({
      type: "fail", value: { resource: "r", token: "33" }, error: { code: "lease-lost", definite: true },
    });
    expect(await s.handle(req(3, "write", { resource: "r", value: "x" }))).toMatchObject({ error: { code: "not-holder" } });
  });

  it("answers an unknown f with a definite unknown-f", async () => {
    expect(await session().s.handle(req(9, "cas", { resource: "r" }))).toMatchObject({
      id: 9, type: "fail", error: { code: "unknown-f", definite: true },
    });
  });

  it("gives the acquire a signal that aborts after acquireTimeoutMs while it runs", async () => {
    let seen: AbortSignal | undefined;
    const waits = async (_r: string, options: { signal: AbortSignal }): Promise<CheckedLease> => {
      seen = options.signal;
      await new Promise((resolve) => options.signal.addEventListener("abort", resolve, { once: true }));
      throw new LockError("lock-busy", 'Cannot acquire "r"', true);
    };
    const { s } = session({ acquire: waits });
    expect(await s.handle(req(1, "acquire", { resource: "r" }))).toMatchObject({ type: "fail", error: { code: "lock-busy" } });
    expect(seen?.aborted).toBe(true);
  });

  it("stops an answered acquire's deadline: its signal does not abort afterwards", async () => {
    let seen: AbortSignal | undefined;
    const { s } = session({ acquire: async (_r, options) => ((seen = options.signal), { token: "1", lease: { token: "1" } }) });
    await s.handle(req(1, "acquire", { resource: "r" }));
    await new Promise((resolve) => setTimeout(resolve, config.acquireTimeoutMs * 3));
    expect(seen?.aborted).toBe(false);
  });

  it("aborts the acquire's signal when told to stop waiting, long before acquireTimeoutMs", async () => {
    let seen: AbortSignal | undefined;
    const busy = async (_r: string, options: { signal: AbortSignal }): Promise<CheckedLease> => {
      seen = options.signal;
      await new Promise((resolve) => options.signal.addEventListener("abort", resolve, { once: true }));
      throw new LockError("lock-busy", 'Cannot acquire "r"', true);
    };
    const { s } = session({ config: { acquireTimeoutMs: 60_000 }, acquire: busy });
    const stop = new AbortController();
    const reply = s.handle(req(1, "acquire", { resource: "r" }), stop.signal);
    stop.abort();
    expect(await reply).toMatchObject({ id: 1, type: "fail", error: { code: "lock-busy", definite: true } });
    expect(seen?.aborted).toBe(true);
  });

  describe("looking at its lease", () => {
    it("finds it valid while its own clock says so", async () => {
      const now = { ms: 1_000 };
      const { s } = session({ config: { leaseCheck: "skip" }, now });
      await s.handle(req(1, "acquire", { resource: "r1" }));
      now.ms += 99;
      expect(await s.handle(req(2, "check-lease", { resource: "r1" }))).toEqual({ id: 2, type: "ok", value: { resource: "r1", token: "33" } });
    });

    it("fails and forgets the lease once its own clock says it expired, so no write follows", async () => {
      const now = { ms: 1_000 };
      const { s, calls } = session({ config: { leaseCheck: "skip" }, now });
      await s.handle(req(1, "acquire", { resource: "r1" }));
      now.ms += 100;
      const reply = await s.handle(req(2, "check-lease", { resource: "r1" }));
      expect(reply).toMatchObject({ type: "fail", value: { resource: "r1", token: "33" }, error: { code: "lease-expired", definite: true } });
      expect(await s.handle(req(3, "write", { resource: "r1", value: "v" }))).toMatchObject({ error: { code: "not-holder" } });
      expect(calls.writes).toEqual([]);
    });

    it("kills itself instead when it self-fences", async () => {
      const now = { ms: 1_000 };
      const { s, calls } = session({ config: { leaseCheck: "self-fence" }, now });
      await s.handle(req(1, "acquire", { resource: "r1" }));
      now.ms += 500;
      await s.handle(req(2, "check-lease", { resource: "r1" }));
      expect(calls.fenced).toEqual([expect.stringContaining("expired by this client's clock")]);
      expect(calls.writes).toEqual([]);
    });
  });
});
