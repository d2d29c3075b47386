/**
 * How to run one Redis server from Debian's /usr/bin/redis-server: no
 * persistence, protected mode off, bound to the node's address.
 */
import { Redis } from "ioredis";
import type { LockServiceLaunch, LockServiceNode } from "./lock-adapter.js";
/** The launch of one independent Redis master. */
export declare function redisLaunch(node: LockServiceNode): LockServiceLaunch;
/** A Redis connection for a lock client: no offline queue and no retries per request, so each call is one attempt. */
export declare function redisConnection(endpoint: string): Redis;
