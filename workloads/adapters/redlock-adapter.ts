/**
 * The built-in `redlock` adapter: Redlock over 3 independent Redis masters
 * with the redlock@4 library on ioredis. A grant needs a majority of masters
 * within the TTL (minus drift). Redlock grants no fencing token, so the
 * adapter returns `token: null` and its info says so (Kleppmann's critique
 * of Redlock is exactly this).
 */
import Redlock from "redlock";
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable, withDeadline } from "./adapter-helpers.js";
import type { LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { redisConnection, redisLaunch } from "./redis-server.js";

const ATTEMPT_MS = 2000;

function redlockClient(endpoints: readonly string[], clientId: string): LockClient {
  const masters = endpoints.map(redisConnection);
  // One attempt per call: the acquire loop below retries until its signal aborts.
  const redlock = new Redlock(masters, { retryCount: 0, driftFactor: 0.01 });
  redlock.on("clientError", () => undefined);
  const rng = clientRng(clientId);
  return {
    async acquire(resource, { ttlMs, signal }) {
      for (;;) {
        try {
          const lock = await withDeadline(redlock.lock(`fencecheck:lock:${resource}`, ttlMs), ATTEMPT_MS, `lock "${resource}" with Redlock`);
          return { token: null, lock };
        } catch (error) {
          if (error instanceof LockError) throw error;
          if ((error as { name?: unknown }).name !== "LockError") throw unavailable(`acquire "${resource}" with Redlock`, error);
        }
        if (signal.aborted) throw lockBusy(resource, "Redlock");
        await sleepUnlessAborted(retryDelayMs(rng), signal);
      }
    },
    async release(resource, lease) {
      try {
        await withDeadline(redlock.unlock(lease.lock as Parameters<Redlock["unlock"]>[0]), ATTEMPT_MS, `unlock "${resource}"`);
      } catch (error) {
        if (error instanceof LockError) throw error;
        throw new LockError("lease-lost", `Cannot release "${resource}": fewer than a majority of masters still held it`, true);
      }
    },
    async close() {
      for (const m of masters) m.disconnect();
    },
  };
}

/** The built-in Redlock adapter (3 independent masters). */
export const redlockAdapter: LockAdapter = {
  name: "redlock",
  service: { nodes: 3, start: (node) => redisLaunch(node) },
  connect: async ({ endpoints, clientId }) => redlockClient(endpoints, clientId),
};
