/** The built-in `etcd-lock` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";

export const etcdLock: BuiltInService = {
  info: {
    summary: "the etcd3@1 package's own Lock helper (npm) over the etcd cluster: a lease kept alive by the client plus a put-if-absent of the lock key; no waiting queue",
    token: null,
    limits: "no fencing token (the helper exposes no revision); a contender polls (no queue, so no fairness); the library's own retries are on; clock faults on etcd's nodes go through the clock injector (Go reads the clock without libc), on every runtime but a remote Docker engine",
    lease: { ends: "keep-alive", timedFrom: "request" },
    durability: "etcd's own: the raft log is fsynced before a write is committed",
  },
  clock: UNFAKEABLE_CLOCKS.etcd,
  image: "etcd",
  load: async () => (await import("../etcd-lock-adapter.js")).etcdLockAdapter,
  validation: {
    "partition-holder": { expect: "valid", why: "the cut-off holder cannot keep its etcd lease alive, so the key goes with it, and its late write names a version the next holder replaced" },
    "lose-unfsynced-lock": { expect: "valid", why: "etcd fsyncs its raft log before it commits a lock key, and cas storage refuses a version the next holder replaced" },
    "clock-skew(lock)": { expect: "valid", why: "etcd times the helper's leases with Go's monotonic clock, which a skew of its wall clock leaves alone" },
    "clock-jump(lock)": { expect: "valid", why: "etcd times the helper's leases with Go's monotonic clock, which a jump of its wall clock leaves alone" },
    "clock-strobe(lock)": { expect: "valid", why: "etcd times the helper's leases with Go's monotonic clock, which flips of its wall clock leave alone" },
    "clock-rate(lock)": { expect: "valid", why: "etcd times the helper's leases with Go's monotonic clock, which a rate fault without clock.monotonic=true leaves alone" },
  },
};
