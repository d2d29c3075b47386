/**
 * The built-in `warlock` adapter: node-redis-warlock on the `redis` (v3)
 * client, as its README shows: `Warlock(Redis.createClient())`, then
 * `warlock.lock(key, ttl, (err, unlock) => ...)`, where a function `unlock`
 * means the lock is ours and `false` that another holds it ("wait a bit &
 * retry": we retry every 20 to 50 ms until the acquire's signal fires).
 * A lock is `SET key id PX ttl NX` (no refresh); unlock deletes the key only
 * if it still holds our id. No fencing token: leases carry `token: null`.
 */
import Redis from "redis";
import Warlock from "node-redis-warlock";
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable, withDeadline } from "./adapter-helpers.js";
import type { LockAdapter, LockClient } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";
import { redisLaunch } from "./redis-server.js";

const ATTEMPT_MS = 2000;

type Unlock = (callback?: (error: Error | null, result?: number) => void) => void;

/** One `warlock.lock` call: the unlock function when we got the lock, false when another holds it. */
function lockOnce(warlock: ReturnType<typeof Warlock>, key: string, ttlMs: number): Promise<Unlock | false> {
  return new Promise((resolve, reject) => {
    warlock.lock(key, ttlMs, (error, unlock) => (error ? reject(error) : resolve(typeof unlock === "function" ? unlock : false)));
  });
}

function unlockOnce(unlock: Unlock): Promise<number | undefined> {
  return new Promise((resolve, reject) => unlock((error, result) => (error ? reject(error) : resolve(result))));
}

function warlockClient(endpoints: readonly string[], clientId: string): LockClient {
  const first = endpoints[0];
  if (first === undefined) throw new LockError("unavailable", "Cannot connect to Redis: no endpoints", true);
  const at = first.lastIndexOf(":");
  const redis = Redis.createClient({ host: first.slice(0, at), port: Number(first.slice(at + 1)), connect_timeout: 1000, retry_strategy: () => 100 });
  redis.on("error", () => undefined);
  const warlock = Warlock(redis);
  const rng = clientRng(clientId);
  return {
    async acquire(resource, { ttlMs, signal }) {
      try {
        for (;;) {
          const unlock = await withDeadline(lockOnce(warlock, resource, ttlMs), ATTEMPT_MS, `lock "${resource}" with warlock`);
          if (unlock) return { token: null, unlock };
          if (signal.aborted) throw lockBusy(resource, "warlock");
          await sleepUnlessAborted(retryDelayMs(rng), signal);
        }
      } catch (error) {
        if (error instanceof LockError) throw error;
        throw unavailable(`acquire "${resource}" with warlock`, error);
      }
    },
    async release(resource, lease) {
      let deleted: number | undefined;
      try {
        deleted = await withDeadline(unlockOnce(lease.unlock as Unlock), ATTEMPT_MS, `unlock "${resource}" with warlock`);
      } catch (error) {
        if (error instanceof LockError) throw error;
        throw unavailable(`release "${resource}" with warlock`, error);
      }
      if (deleted !== 1) throw new LockError("lease-lost", `Cannot release "${resource}": the key expired or another client holds it`, true);
    },
    async close() {
      redis.end(false);
    },
  };
}

/** The built-in warlock adapter (one Redis node, no persistence, as `redis`). */
export const warlockAdapter: LockAdapter = {
  name: "warlock",
  service: { nodes: 1, start: (node) => redisLaunch(node) },
  connect: async ({ endpoints, clientId }) => warlockClient(endpoints, clientId),
};
