/** The built-in `proper-lockfile` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";

export const properLockfile: BuiltInService = {
  info: {
    summary: "proper-lockfile@4 (npm): a lock directory made with mkdir in a directory shared by all clients, its mtime touched every stale/2 by the holder; stale = TTL",
    token: null,
    limits: "no fencing token; a contender judges staleness from the lock's mtime against its own clock, so a client whose clock is wrong takes a held lock; the file system is the lock service, on the harness host: pausing, killing or cutting off its node reaches nothing (partition-holder and kill-lock do not touch the locks), and clients must share the host's files (--runtime local only)",
    lease: { ends: "keep-alive", timedFrom: "request", renewedBy: "holder-process" },
    durability: "the file system's: a lock is a directory; a kill of a client leaves its lock until it goes stale",
  },
  image: "node",
  load: async () => (await import("../proper-lockfile-adapter.js")).properLockfileAdapter,
  validation: {
    "partition-holder": { expect: "valid", why: "the lock directory is on the host's file system, which no partition cuts, and cas storage refuses a version the next holder replaced" },
    "lose-unfsynced-lock": { expect: "valid", why: "the lock directory lives on the harness host's own file system, which the fault does not touch, and cas storage refuses a version the next holder replaced" },
    "clock-skew(lock)": { expect: "valid", why: "the lock is a directory on the harness host's file system, whose staleness the clients judge by their own clocks, so the lock node's clock reaches no lease" },
    "clock-jump(lock)": { expect: "valid", why: "the lock is a directory on the harness host's file system, whose staleness the clients judge by their own clocks, so the lock node's clock reaches no lease" },
    "clock-strobe(lock)": { expect: "valid", why: "the lock is a directory on the harness host's file system, whose staleness the clients judge by their own clocks, so the lock node's clock reaches no lease" },
    "clock-rate(lock)": { expect: "valid", why: "the lock is a directory on the harness host's file system, whose staleness the clients judge by their own clocks, so the lock node's clock reaches no lease" },
  },
};
