/**
 * How to run one Redis server from Debian's /usr/bin/redis-server: no
 * persistence, protected mode off, bound to the node's address.
 */
import { Redis } from "ioredis";
import { withDeadline } from "./adapter-helpers.js";
/** The launch of one independent Redis master. */
export function redisLaunch(node) {
    return {
        argv: [
            "/usr/bin/redis-server", "--bind", node.host, "--port", String(node.port), "--save", "", "--appendonly", "no",
            "--protected-mode", "no", "--dir", node.dataDir, "--loglevel", "warning",
        ],
        async ready() {
            const probe = new Redis({ host: node.host, port: node.port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
            try {
                await withDeadline(probe.connect(), 1000, "connect to Redis");
                return (await withDeadline(probe.ping(), 1000, "ping Redis")) === "PONG";
            }
            catch {
                return false;
            }
            finally {
                probe.disconnect();
            }
        },
    };
}
/** A Redis connection for a lock client: no offline queue and no retries per request, so each call is one attempt. */
export function redisConnection(endpoint) {
    const at = endpoint.lastIndexOf(":");
    const redis = new Redis({
        host: endpoint.slice(0, at), port: Number(endpoint.slice(at + 1)), maxRetriesPerRequest: 0,
        enableOfflineQueue: true, connectTimeout: 1000, retryStrategy: () => 100,
    });
    redis.on("error", () => undefined);
    return redis;
}
//# sourceMappingURL=redis-server.js.map