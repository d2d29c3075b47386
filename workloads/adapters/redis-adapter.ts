/**
 * The built-in `redis` and `redis-token` adapters: one Redis node, the
 * single-instance lock `SET <key> <unique value> NX PX <ttl>`, released by
 * a compare-and-delete script. Redis grants no fencing token, so `redis`
 * returns `token: null` (its info says so) and writes reach storage without
 * one. `redis-token` adds a counter we invented: right after each grant it
 * INCRs `fencecheck:token:<resource>` and uses the result as the token. That
 * is a second step, not part of the lock: it shows what fencing buys, not
 * what Redis offers.
 */
import type { Redis } from "ioredis";
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable, withDeadline } from "./adapter-helpers.js";
import type { LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { redisConnection, redisLaunch, type RedisPersistence } from "./redis-server.js";

const ATTEMPT_MS = 2000;
const RELEASE_SCRIPT = 'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end';

function redisClient(endpoints: readonly string[], clientId: string, withToken: boolean): LockClient {
  const first = endpoints[0];
  if (first === undefined) throw new LockError("unavailable", "Cannot connect to Redis: no endpoints", true);
  const redis: Redis = redisConnection(first);
  const rng = clientRng(clientId);
  let grants = 0;
  return {
    async acquire(resource, { ttlMs, signal }) {
      const value = `${clientId}:${++grants}`;
      try {
        for (;;) {
          const set = await withDeadline(redis.set(`fencecheck:lock:${resource}`, value, "PX", ttlMs, "NX"), ATTEMPT_MS, `lock "${resource}" in Redis`);
          if (set === "OK") {
            const token = withToken ? await withDeadline(redis.incr(`fencecheck:token:${resource}`), ATTEMPT_MS, `count a token for "${resource}"`) : null;
            return { token, value };
          }
          if (signal.aborted) throw lockBusy(resource, "Redis");
          await sleepUnlessAborted(retryDelayMs(rng), signal);
        }
      } catch (error) {
        if (error instanceof LockError) throw error;
        throw unavailable(`acquire "${resource}" from Redis`, error);
      }
    },
    async release(resource, lease) {
      const value = String(lease.value);
      let deleted: unknown;
      try {
        deleted = await withDeadline(redis.eval(RELEASE_SCRIPT, 1, `fencecheck:lock:${resource}`, value), ATTEMPT_MS, `unlock "${resource}"`);
      } catch (error) {
        if (error instanceof LockError) throw error;
        throw unavailable(`release "${resource}" in Redis`, error);
      }
      if (deleted !== 1) throw new LockError("lease-lost", `Cannot release "${resource}": the key expired or another client holds it`, true);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The built-in `redis` adapter: no fencing token. */
export const redisAdapter: LockAdapter = {
  name: "redis",
  service: { nodes: 1, start: (node) => redisLaunch(node) },
  connect: async ({ endpoints, clientId }) => redisClient(endpoints, clientId, false),
};

/** The `redis-token` variant: the same lock plus an INCR counter as token, on a Redis whose AOF is fsynced on every write. */
export const redisTokenAdapter: LockAdapter = redisTokenVariant("redis-token", "always");

/** `redis-token` on a Redis that fsyncs its AOF once a second (Redis's default when the AOF is on). */
export const redisTokenEverysecAdapter: LockAdapter = redisTokenVariant("redis-token-everysec", "everysec");

/** `redis-token` on a Redis without persistence: a restart forgets every token (what this adapter ran before). */
export const redisTokenVolatileAdapter: LockAdapter = redisTokenVariant("redis-token-volatile", "none");

function redisTokenVariant(name: "redis-token" | "redis-token-everysec" | "redis-token-volatile", persistence: RedisPersistence): LockAdapter {
  return {
    name,
    service: { nodes: 1, start: (node) => redisLaunch(node, persistence) },
    connect: async ({ endpoints, clientId }) => redisClient(endpoints, clientId, true),
  };
}
