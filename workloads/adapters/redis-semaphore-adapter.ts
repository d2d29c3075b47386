/**
 * The built-in `redis-semaphore` adapter: the redis-semaphore library's
 * `Mutex` on ioredis, used as its README shows (`new Mutex(redisClient,
 * key, options)`, `await mutex.acquire()`, `await mutex.release()`), with
 * its refresh on (every 0.8 x lockTimeout, the library's default) and an
 * `onLockLost` handler (the README's "lost lock handling": the default
 * throws, which would end the client). lockTimeout is the run's TTL. The
 * library grants no fencing token: leases carry `token: null`.
 */
import { Mutex } from "redis-semaphore";
import { Redis } from "ioredis";
import { lockBusy, unavailable } from "./adapter-helpers.js";
import type { LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { redisLaunch } from "./redis-server.js";

/** How long one Redis command may take before ioredis rejects it (a paused or cut-off Redis). */
const COMMAND_MS = 2000;
/** The library's own acquireTimeout: longer than any run's acquire, so the run's signal is what ends a wait. */
const NEVER_MS = 24 * 3600 * 1000;

/** One ioredis client per lock client, as the README configures it, with a command timeout so a silent Redis cannot hang an op. */
export function semaphoreRedis(endpoint: string): Redis {
  const at = endpoint.lastIndexOf(":");
  const redis = new Redis({
    host: endpoint.slice(0, at), port: Number(endpoint.slice(at + 1)), maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_MS, connectTimeout: 1000, retryStrategy: () => 100,
  });
  redis.on("error", () => undefined);
  return redis;
}

interface MutexLease {
  readonly token: null;
  readonly mutex: Mutex;
  readonly lost: { value: boolean };
}

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown }).name === "AbortError";
}

function semaphoreClient(endpoints: readonly string[]): LockClient {
  const first = endpoints[0];
  if (first === undefined) throw new LockError("unavailable", "Cannot connect to Redis: no endpoints", true);
  const redis = semaphoreRedis(first);
  return {
    async acquire(resource, { ttlMs, signal }) {
      const lost = { value: false };
      const mutex = new Mutex(redis, resource, {
        lockTimeout: ttlMs, acquireTimeout: NEVER_MS,
        onLockLost: () => { lost.value = true; },
      });
      try {
        await mutex.acquire(signal);
      } catch (error) {
        // The library checks the signal before each SET and in its retry sleep: an abort means no SET of ours succeeded.
        if (signal.aborted && isAbort(error)) throw lockBusy(resource, "redis-semaphore");
        // A SET that timed out may still have taken effect; nothing refreshes it, so it ends with its TTL.
        throw unavailable(`acquire "${resource}" with redis-semaphore`, error);
      }
      return { token: null, mutex, lost } satisfies MutexLease;
    },
    async release(resource, lease) {
      const { mutex, lost } = lease as unknown as MutexLease;
      const lostBefore = lost.value;
      try {
        await mutex.release();
      } catch (error) {
        throw unavailable(`release "${resource}" with redis-semaphore`, error);
      }
      // The library's release deletes the key only if it still holds our identifier: after a lost lock it does nothing.
      if (lostBefore) throw new LockError("lease-lost", `Cannot release "${resource}": redis-semaphore's refresh found the lock lost`, true);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The built-in redis-semaphore adapter (one Redis node, no persistence, as `redis`). */
export const redisSemaphoreAdapter: LockAdapter = {
  name: "redis-semaphore",
  service: { nodes: 1, start: (node) => redisLaunch(node) },
  connect: async ({ endpoints }) => semaphoreClient(endpoints),
};
