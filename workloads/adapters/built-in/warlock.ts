/** The built-in `warlock` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { COMMON_REASONS } from "../validation-reasons.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";

export const warlock: BuiltInService = {
  info: {
    summary: "node-redis-warlock@1 (npm) on the redis@3 client over one Redis node: SET NX PX ttl, unlock by compare-and-delete; no refresh",
    token: null,
    limits: "no fencing token: storage cannot tell a stale holder's write; clock faults on its node go through the clock injector (redis-server does not start under libfaketime), on every runtime but a remote Docker engine",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "none (no RDB, no AOF, as redis): a restart forgets every lock",
  },
  clock: UNFAKEABLE_CLOCKS.redis,
  image: "redis",
  load: async () => (await import("../warlock-adapter.js")).warlockAdapter,
  validation: {
    "partition-holder": { expect: "valid", why: "the cut-off holder's key expires in Redis, and its late write names a version the next holder replaced" },
    "lose-unfsynced-lock": { expect: "valid", why: "Redis forgets warlock's key at a power loss (no persistence), but cas storage refuses a write whose version the next holder replaced" },
    "clock-skew(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-jump(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-strobe(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-rate(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
  },
};
