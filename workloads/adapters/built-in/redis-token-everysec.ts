/** The built-in `redis-token-everysec` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { COMMON_REASONS } from "../validation-reasons.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";

export const redisTokenEverysec: BuiltInService = {
  info: {
    summary: "redis-token on a Redis whose append-only file is fsynced once a second (appendfsync everysec, Redis's default with the AOF on)",
    token: "INCR of fencecheck:token:<resource> right after the grant (a counter we add, not a Redis lock feature)",
    limits: "as redis-token",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "a crash of redis-server keeps every token (the AOF is written before the answer); a power loss may take back about the last second of tokens, which are then given again",
  },
  clock: UNFAKEABLE_CLOCKS.redis,
  image: "redis",
  load: async () => (await import("../redis-adapter.js")).redisTokenEverysecAdapter,
  validation: {
    "kill-lock": { expect: "valid", why: "a kill of redis-server keeps what it wrote to the append-only file before answering (the page cache outlives the process), so tokens keep growing" },
    "lose-unfsynced-lock": { expect: "either", why: "appendfsync everysec loses up to a second of INCRs at a power loss: a token is repeated only when a grant fell in that second" },
    "clock-skew(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-jump(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-strobe(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-rate(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
  },
};
