/** The built-in `redis-token` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";
import { COMMON_REASONS } from "../validation-reasons.js";

export const redisToken: BuiltInService = {
  info: {
    summary: "Redis single node: SET NX PX, plus INCR of a per-resource counter after each grant (not part of Redis's lock); AOF with appendfsync always",
    token: "INCR of fencecheck:token:<resource> right after the grant (a counter we add, not a Redis lock feature)",
    limits: "the INCR is a second step: a holder paused between SET and INCR can still be overtaken; clock faults on its nodes go through the clock injector (redis-server does not start under libfaketime), on every runtime but a remote Docker engine",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "every write is in the fsynced append-only file before Redis answers: a crash or a power loss keeps every token it gave",
  },
  clock: UNFAKEABLE_CLOCKS.redis,
  image: "redis",
  load: async () => (await import("../redis-adapter.js")).redisTokenAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: COMMON_REASONS.killStorage },
    "kill-lock": { expect: "valid", why: "Redis appends every INCR to its log with appendfsync always, so the token counter survives a kill and keeps growing", ci: true },
    "partition-holder": { expect: "valid", why: "the cut-off holder's key expires in Redis, and the next holder's INCR gives a higher token" },
    "loss": { expect: "valid", why: COMMON_REASONS.loss },
    "pause(storage,client)": { expect: "valid", why: COMMON_REASONS.pauseStorageOrClient },
    "delay": { expect: "valid", why: COMMON_REASONS.delay, dockerCi: true },
    "clock-skew(client,storage)": { expect: "valid", why: `${COMMON_REASONS.clockSkewClientOrStorage}; redis-server is not under libfaketime` },
    "lose-unfsynced-lock": { expect: "valid", why: "with appendfsync always Redis fsyncs each INCR to its append-only file before it answers, so no token is lost" },
    "clock-skew(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-jump(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither, ci: true },
    "clock-strobe(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
    "clock-rate(lock)": { expect: "either", why: COMMON_REASONS.redisClockEither },
  },
};
