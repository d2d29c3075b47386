/** The built-in `reference-timer` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";

export const referenceTimer: BuiltInService = {
  info: {
    summary: "the reference service saving its token counters and leases every 300 ms instead of before each grant: what a crash right after a grant breaks",
    token: "a per-resource counter that grows with every grant, kept in memory between saves",
    limits: "unsafe under kill faults by design: a crash loses the grants of the last 300 ms, so the restarted node hands the same tokens out again",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "changes are written every 300 ms, after the answer: a crash (kill) loses the grants of the last 300 ms, which are then given again",
  },
  image: "node",
  knownBroken: true,
  load: async () => (await import("../reference-adapter.js")).referenceTimerAdapter,
  validation: {
    "kill-lock": { expect: "either", why: "a blind kill loses a grant only when one fell in the 300 ms before it: the rate printed beside kill-after-grant's shows what aiming at the grant adds" },
    "kill-after-grant": { expect: "invalid", why: "a crash a few ms after a grant loses it (the counter is saved every 300 ms), and the restarted node grants the same token again", ci: true },
    "lose-unfsynced-lock": { expect: "either", why: "its counter is saved every 300 ms, so a power loss repeats a token only when a grant fell in the 300 ms before it, as a blind kill does" },
  },
};
