/** The built-in `redis` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";
import { COMMON_REASONS } from "../validation-reasons.js";

export const redis: BuiltInService = {
  info: {
    summary: "Redis single node: SET NX PX, release by compare-and-delete",
    token: null,
    limits: "no fencing token: storage cannot tell a stale holder's write; clock faults on its nodes go through the clock injector (redis-server does not start under libfaketime), on every runtime but a remote Docker engine",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "none (no RDB, no AOF): a restart forgets every lock",
  },
  clock: UNFAKEABLE_CLOCKS.redis,
  image: "redis",
  load: async () => (await import("../redis-adapter.js")).redisAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: "the restarted storage node keeps each key's version on disk, so a write naming an old version is still refused" },
    "kill-lock": { expect: "valid", why: "cas storage refuses a write whose version the next holder replaced, whatever the lock service forgot" },
    "partition-holder": { expect: "valid", why: "the cut-off holder's write names the version it read, which the next holder has since replaced" },
    "loss": { expect: "valid", why: COMMON_REASONS.loss },
    "pause(storage,client)": { expect: "valid", why: "a paused client wakes with a version storage has since replaced, and a paused storage node answers late, not wrongly" },
    "delay": { expect: "valid", why: COMMON_REASONS.delay },
    "clock-skew(client,storage)": { expect: "valid", why: "Redis times its keys on its own clock, which is not under libfaketime, and storage compares versions, not times", ci: true, dockerCi: true },
    "lose-unfsynced-lock": { expect: "valid", why: "the Redis lock forgets its keys at a power loss (no persistence), but cas storage refuses a write whose version the next holder replaced" },
    "clock-skew(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-jump(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-strobe(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-rate(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
  },
};
