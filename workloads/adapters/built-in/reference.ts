/** The built-in `reference` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { COMMON_REASONS } from "../validation-reasons.js";

export const reference: BuiltInService = {
  info: {
    summary: "ours: one node, leases with a TTL on the server's monotonic clock, a fencing token per resource",
    token: "a per-resource counter that grows with every grant",
    limits: "a single node: partitions isolate it whole, it has no quorum to lose; clock faults do not move its leases (unless clock.monotonic=true)",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "a grant or release is answered once its journal line is fdatasynced (one fdatasync per batch): a crash or a power loss keeps every token; --volatile-services answers before the fsync (a power loss may then repeat tokens)",
  },
  image: "node",
  load: async () => (await import("../reference-adapter.js")).referenceAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: COMMON_REASONS.killStorage, ci: true, dockerCi: true },
    "kill-lock": { expect: "valid", why: "the reference lock journals every grant before answering, so after a restart its tokens keep growing" },
    "partition-holder": { expect: "valid", why: "the cut-off holder's lease expires on the server, and its late write carries a token storage has already passed" },
    "loss": { expect: "valid", why: COMMON_REASONS.loss },
    "pause(storage,client)": { expect: "valid", why: COMMON_REASONS.pauseStorageOrClient, ci: true },
    "delay": { expect: "valid", why: COMMON_REASONS.delay },
    "clock-skew(client,storage)": { expect: "valid", why: COMMON_REASONS.clockSkewClientOrStorage },
    "clock-jump(lock)": { expect: "valid", why: "leases are timed on the lock node's monotonic clock, which a wall-clock jump does not move", ci: true },
    "kill-after-grant": { expect: "valid", why: "the reference lock journals every grant before answering, so a crash a few ms after a grant loses nothing and its tokens keep growing" },
    // Declared once, in the scenario it proves: its command line, verdict and reason come from there.
    "lose-unfsynced-lock": { scenario: { name: "token-durability", variant: "counter fsynced before each grant, power loss" }, ci: true },
    "lose-unfsynced-storage": { expect: "valid", why: "the storage service fsyncs its journal before it answers a write, so a power loss keeps every accepted write and highest token", ci: true },
    "clock-skew(lock)": { expect: "valid", why: COMMON_REASONS.lockClockMonotonic },
    "clock-strobe(lock)": { expect: "valid", why: COMMON_REASONS.lockClockMonotonic, ci: true },
    "clock-rate(lock)": { expect: "valid", why: COMMON_REASONS.lockClockMonotonic },
  },
};
