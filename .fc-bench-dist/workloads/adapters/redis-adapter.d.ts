import type { LockAdapter } from "./lock-adapter.js";
/** The built-in `redis` adapter: no fencing token. */
export declare const redisAdapter: LockAdapter;
/** The `redis-token` variant: the same lock plus an INCR counter as token. */
export declare const redisTokenAdapter: LockAdapter;
