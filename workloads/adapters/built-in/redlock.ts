/** The built-in `redlock` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";
import { COMMON_REASONS } from "../validation-reasons.js";

export const redlock: BuiltInService = {
  info: {
    summary: "Redlock over 3 independent Redis masters (redlock@4 on ioredis): a lock on a majority within the TTL",
    token: null,
    limits: "no fencing token (Kleppmann's critique): storage cannot tell a stale holder's write; clock faults on its nodes go through the clock injector (redis-server does not start under libfaketime), on every runtime but a remote Docker engine",
    lease: { ends: "ttl", timedFrom: "request" },
    durability: "none on each master (no RDB, no AOF): a restarted master forgets its locks, so a majority can grant a held lock again (Redlock asks for fsync=always or a delayed restart)",
  },
  clock: UNFAKEABLE_CLOCKS.redis,
  image: "redis",
  load: async () => (await import("../redlock-adapter.js")).redlockAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: "the restarted storage node keeps each key's version on disk, so a write naming an old version is still refused" },
    "kill-lock": { expect: "valid", why: "one killed master of three leaves a majority, and cas storage refuses a stale version anyway", dockerCi: true },
    "partition-holder": { expect: "valid", why: "the cut-off holder's write names the version it read, which the next holder has since replaced", ci: true },
    "loss": { expect: "valid", why: COMMON_REASONS.loss },
    "pause(storage,client)": { expect: "valid", why: "a paused client wakes with a version storage has since replaced, and a paused storage node answers late, not wrongly", ci: true },
    "delay": { expect: "valid", why: COMMON_REASONS.delay },
    "clock-skew(client,storage)": { expect: "valid", why: "the Redis masters time keys on their own clocks, which are not under libfaketime, and storage compares versions, not times" },
    // Declared in the scenario that also shows its other half: a majority's forward jump double-grants (redlock-unfenced's cell).
    "clock-jump(lock)": { scenario: { name: "redlock-clock", variant: "Redlock, one master's clock jumps, conditional writes" } },
    "lose-unfsynced-lock": { expect: "valid", why: "one master of three loses its keys at a power loss, and cas storage refuses a stale version anyway" },
    "clock-skew(lock)": { expect: "either", why: "each master expires keys by its own wall clock: moved forward on a majority, a held lock is granted again while its lease is live, and the seed picks the moves" },
    "clock-strobe(lock)": { expect: "either", why: "each master expires keys by its own wall clock: flipped forward on a majority at once, a held lock is granted again while its lease is live, and the seed picks the flips" },
    "clock-rate(lock)": { expect: "either", why: "each master expires keys by its own wall clock: running fast on a majority, a held lock is granted again while its lease is live, and the seed picks the rates" },
  },
};
