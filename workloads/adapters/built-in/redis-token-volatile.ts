/** The built-in `redis-token-volatile` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { COMMON_REASONS } from "../validation-reasons.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";

export const redisTokenVolatile: BuiltInService = {
  info: {
    summary: "redis-token on a Redis without persistence (no RDB, no AOF): faster, and forgetful",
    token: "INCR of fencecheck:token:<resource> right after the grant (a counter we add, not a Redis lock feature)",
    limits: "as redis-token",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "none: a restart (kill-lock, a crash, a power loss) starts with no keys, so tokens begin again at 1 and a stale holder's write can win",
  },
  clock: UNFAKEABLE_CLOCKS.redis,
  image: "redis",
  knownBroken: true,
  load: async () => (await import("../redis-adapter.js")).redisTokenVolatileAdapter,
  validation: {
    "kill-lock": { expect: "invalid", why: "without persistence a restarted Redis starts its token counters again at 1, so the lock service hands out a token twice" },
    "lose-unfsynced-lock": { expect: "either", why: "a Redis without persistence loses every counter at a power loss as at a kill, so tokens start at 1 again; caught only when a grant falls before a loss and another after it (a 10 s cell at load 45 had its first grant after the first loss and none after the second: valid)" },
    "clock-skew(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-jump(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-strobe(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-rate(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
  },
};
