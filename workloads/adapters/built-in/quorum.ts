/** The built-in `quorum` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";
import { COMMON_REASONS } from "../validation-reasons.js";

export const quorum: BuiltInService = {
  info: {
    summary: "ours, replicated: any replica coordinates a grant that needs --lock-quorum votes (default a majority); --lock-witnesses nodes only vote",
    token: "the coordinator's highest known token + 1, ratified by a quorum of acceptors that each vote only for higher tokens",
    limits: "safe only with intersecting quorums (more than half the nodes); a smaller --lock-quorum is there to show the split brain",
    lease: { ends: "ttl", timedFrom: "request" },
    durability: "each acceptor's vote is written durably (temp file, fsync, rename) before it is answered: a crash or a power loss keeps every vote",
  },
  image: "node",
  load: async () => (await import("../quorum-adapter.js")).quorumAdapter,
  validation: {
    "kill-storage": { expect: "valid", why: COMMON_REASONS.killStorage },
    "kill-lock": { expect: "valid", why: "a restarted acceptor keeps its promises on disk, and majority quorums always share a member that refuses a reused token", ci: true },
    "partition-holder": { expect: "valid", why: "the cut-off holder's lease expires on the replicas, and the next grant's token is ratified higher" },
    "loss": { expect: "valid", why: `${COMMON_REASONS.loss}; a grant needs a majority's votes`, ci: true, dockerCi: true },
    "pause(storage,client)": { expect: "valid", why: COMMON_REASONS.pauseStorageOrClient },
    "delay": { expect: "valid", why: COMMON_REASONS.delay },
    "clock-skew(client,storage)": { expect: "valid", why: COMMON_REASONS.clockSkewClientOrStorage },
    "kill-after-grant": { expect: "valid", why: "a grant is answered only once a majority of acceptors voted for it durably, so a crash right after it loses nothing" },
    "partition-leader-after-grant": { expect: "valid", why: "a grant needs a majority's votes, so a cut-off coordinator's grant is already known to the majority that grants next" },
    "lose-unfsynced-lock": { expect: "valid", why: "each acceptor fsyncs its vote file before it answers (a temp file fsynced, then renamed), so a power loss keeps every vote and a majority still refuses a reused token" },
    "lose-unfsynced-storage": { expect: "valid", why: "the storage service fsyncs its journal before it answers a write, so a power loss keeps every accepted write and highest token", dockerCi: true },
    "clock-skew(lock)": { expect: "valid", why: "each replica times its promises on its monotonic clock, which a skew of its wall clock leaves alone" },
    "clock-jump(lock)": { expect: "valid", why: COMMON_REASONS.lockClockMonotonic },
    "clock-strobe(lock)": { expect: "valid", why: COMMON_REASONS.lockClockMonotonic },
    "clock-rate(lock)": { expect: "valid", why: "each replica times its promises on its monotonic clock, which a fast or slow wall clock leaves alone", ci: true },
  },
};
