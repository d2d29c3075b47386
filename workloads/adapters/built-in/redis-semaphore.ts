/** The built-in `redis-semaphore` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { COMMON_REASONS } from "../validation-reasons.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";

export const redisSemaphore: BuiltInService = {
  info: {
    summary: "redis-semaphore@5 (npm) Mutex on ioredis over one Redis node: SET NX PX lockTimeout, refreshed every 0.8 x lockTimeout by the holder",
    token: null,
    limits: "no fencing token: storage cannot tell a stale holder's write; a release after the lock was lost succeeds silently unless the refresh noticed the loss first; clock faults on its node go through the clock injector (redis-server does not start under libfaketime), on every runtime but a remote Docker engine",
    lease: { ends: "keep-alive", timedFrom: "request" },
    durability: "none (no RDB, no AOF, as redis): a restart forgets every lock",
  },
  clock: UNFAKEABLE_CLOCKS.redis,
  image: "redis",
  load: async () => (await import("../redis-semaphore-adapter.js")).redisSemaphoreAdapter,
  validation: {
    "partition-holder": { expect: "valid", why: "the cut-off holder cannot refresh, so its key expires in Redis, and its late write names a version the next holder replaced" },
    "lose-unfsynced-lock": { expect: "valid", why: "Redis forgets the semaphore's keys at a power loss (no persistence), but cas storage refuses a write whose version the next holder replaced" },
    "clock-skew(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-jump(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-strobe(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-rate(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
  },
};
