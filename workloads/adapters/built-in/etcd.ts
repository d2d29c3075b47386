/** The built-in `etcd` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";
import { COMMON_REASONS } from "../validation-reasons.js";

export const etcd: BuiltInService = {
  info: {
    summary: "etcd 3-node cluster (Debian's /usr/bin/etcd): a lease kept alive by the client plus a lock key per waiter",
    token: "the create revision of the lock key",
    limits: "libfaketime does not reach it (Go reads the clock without libc): clock faults on its nodes move it through the clock injector, on every runtime but a remote Docker engine",
    lease: { ends: "keep-alive", timedFrom: "request" },
    durability: "etcd's own: the raft log is fsynced before a write is committed",
  },
  clock: UNFAKEABLE_CLOCKS.etcd,
  image: "etcd",
  load: async () => (await import("../etcd-adapter.js")).etcdAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: COMMON_REASONS.killStorage },
    "kill-lock": { expect: "valid", why: "a killed etcd member rejoins from its log; the other two keep a majority and revisions only grow" },
    "partition-holder": { expect: "valid", why: "the cut-off holder cannot keep its lease alive, so it expires, and the next holder's key has a higher revision", ci: true, dockerCi: true },
    "loss": { expect: "valid", why: COMMON_REASONS.loss },
    "pause(storage,client)": { expect: "valid", why: COMMON_REASONS.pauseStorageOrClient },
    "delay": { expect: "valid", why: COMMON_REASONS.delay, ci: true },
    "clock-skew(client,storage)": { expect: "valid", why: COMMON_REASONS.clockSkewClientOrStorage },
    "clock-jump(lock)": {
      expect: "valid", ci: true,
      why: "the clock injector jumps the wall clock etcd's own processes read, but etcd times leases with Go's monotonic clock, which a jump without clock.monotonic=true leaves alone",
    },
    "clock-jump-majority-forward(lock)": { scenario: { name: "redlock-clock", variant: "etcd, a majority of members jump forward, fenced storage" } },
    "kill-after-grant": { expect: "valid", why: "etcd commits the lock key on a majority before answering, so killing a member right after a grant loses nothing" },
    "partition-leader-after-grant": { expect: "valid", why: "etcd acknowledges a grant only once a majority has it, so the next leader knows it and never grants the lock key again", ci: true },
    "lose-unfsynced-lock": { expect: "valid", why: "etcd fsyncs its raft log before it commits, so a member that loses power has nothing unsynced to lose that the cluster acknowledged" },
    "clock-skew(lock)": { expect: "valid", why: COMMON_REASONS.lockClockMonotonic },
    "clock-strobe(lock)": { expect: "valid", why: COMMON_REASONS.lockClockMonotonic, ci: true },
    "clock-rate(lock)": { expect: "valid", why: "the clock injector changes what etcd's clocks read, and its lease timers run on Go's monotonic clock, which a rate fault without clock.monotonic=true leaves alone" },
  },
};
