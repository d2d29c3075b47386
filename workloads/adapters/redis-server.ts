/**
 * How to run one Redis server from Debian's /usr/bin/redis-server:
 * protected mode off, bound to the node's address, its files in the node's
 * data dir (so a restart after a kill reads what it wrote), with the
 * persistence asked for: none (no RDB, no AOF: a restart starts empty),
 * or the append-only file fsynced on every write ("always": what a write
 * was answered for survives a crash and a power loss) or once a second
 * ("everysec": a crash of the process loses nothing written, a power loss
 * up to the last second).
 */
import { Redis } from "ioredis";
import { withDeadline } from "./adapter-helpers.js";
import type { LockServiceLaunch, LockServiceNode } from "./lock-adapter.js";

/** How a Redis server keeps its data: no persistence, or the AOF with `appendfsync` always or everysec. */
export type RedisPersistence = "none" | "always" | "everysec";

/** The persistence flags of redis-server (pure). */
export function redisPersistenceArgs(persistence: RedisPersistence): string[] {
  if (persistence === "none") return ["--save", "", "--appendonly", "no"];
  return ["--save", "", "--appendonly", "yes", "--appendfsync", persistence];
}

/** The launch of one independent Redis master (no persistence unless asked for). */
export function redisLaunch(node: LockServiceNode, persistence: RedisPersistence = "none"): LockServiceLaunch {
  return {
    argv: [
      "/usr/bin/redis-server", "--bind", node.host, "--port", String(node.port), ...redisPersistenceArgs(persistence),
      "--protected-mode", "no", "--dir", node.dataDir, "--loglevel", "warning",
    ],
    async ready() {
      const probe = new Redis({ host: node.host, port: node.port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await withDeadline(probe.connect(), 1000, "connect to Redis");
        return (await withDeadline(probe.ping(), 1000, "ping Redis")) === "PONG";
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    },
  };
}

/** A Redis connection for a lock client: no offline queue and no retries per request, so each call is one attempt. */
export function redisConnection(endpoint: string): Redis {
  const at = endpoint.lastIndexOf(":");
  const redis = new Redis({
    host: endpoint.slice(0, at), port: Number(endpoint.slice(at + 1)), maxRetriesPerRequest: 0,
    enableOfflineQueue: true, connectTimeout: 1000, retryStrategy: () => 100,
  });
  redis.on("error", () => undefined);
  return redis;
}
