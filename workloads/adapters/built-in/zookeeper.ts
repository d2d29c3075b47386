/** The built-in `zookeeper` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { UNFAKEABLE_CLOCKS } from "../unfakeable-clocks.js";
import { COMMON_REASONS } from "../validation-reasons.js";

export const zookeeper: BuiltInService = {
  info: {
    summary: "ZooKeeper 3-node ensemble (Debian's zookeeper, a JVM): ephemeral sequential znode recipe, session timeout as TTL",
    token: "the czxid of the lock znode (the transaction id that created it)",
    limits: "JVM bring-up takes seconds; the lease is the session, so it ends when the session times out; clock faults on its nodes go through the clock injector (the JVM stalls under libfaketime), on every runtime but a remote Docker engine",
    lease: { ends: "session-timeout", timedFrom: "request" },
    durability: "ZooKeeper's own: the transaction log is fsynced before a write is acknowledged",
  },
  clock: UNFAKEABLE_CLOCKS.zookeeper,
  image: "zookeeper",
  load: async () => (await import("../zookeeper-adapter.js")).zookeeperAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: COMMON_REASONS.killStorage },
    "kill-lock": { expect: "valid", why: "a killed ZooKeeper server rejoins the ensemble, which keeps a quorum, and zxids only grow", ci: true, dockerCi: true },
    "partition-holder": { expect: "valid", why: "the cut-off holder's session times out and its ephemeral node goes, and the next holder's czxid is higher" },
    "loss": { expect: "valid", why: COMMON_REASONS.loss },
    "pause(storage,client)": { expect: "valid", why: COMMON_REASONS.pauseStorageOrClient },
    "delay": { expect: "valid", why: COMMON_REASONS.delay },
    "clock-skew(client,storage)": { expect: "valid", why: `${COMMON_REASONS.clockSkewClientOrStorage}; the JVM lock nodes are not under libfaketime`, ci: true },
    "clock-jump(lock)": {
      expect: "valid",
      why: "the clock injector jumps the wall clock the ZooKeeper JVM reads, but sessions, the lease, expire by its monotonic clock (System.nanoTime), which a jump without clock.monotonic=true leaves alone",
    },
    "kill-after-grant": { expect: "valid", why: "ZooKeeper acknowledges the lock znode only once a quorum has logged it, so killing a server right after a grant loses nothing", ci: true },
    "partition-leader-after-grant": { expect: "valid", why: "ZooKeeper acknowledges a grant only once a quorum has logged it, so the next leader knows the znode" },
    "lose-unfsynced-lock": { expect: "valid", why: "ZooKeeper fsyncs its transaction log before it acknowledges, and a quorum holds every acknowledged znode" },
    "clock-skew(lock)": { expect: "valid", why: "sessions, the lease, expire by the JVM's monotonic clock (System.nanoTime), which a skew of its wall clock leaves alone" },
    "clock-strobe(lock)": { expect: "valid", why: "sessions, the lease, expire by the JVM's monotonic clock, which flips of its wall clock leave alone" },
    "clock-rate(lock)": { expect: "valid", why: "sessions, the lease, expire by the JVM's monotonic clock, which a rate fault without clock.monotonic=true leaves alone", ci: true },
  },
};
