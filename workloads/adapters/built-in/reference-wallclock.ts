/** The built-in `reference-wallclock` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";

export const referenceWallclock: BuiltInService = {
  info: {
    summary: "the reference service with leases timed on its wall clock: what clock faults on the lock node break",
    token: "a per-resource counter that grows with every grant",
    limits: "unsafe under clock faults on its node by design: a clock that jumps forward or runs fast expires leases early (double grants)",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "as reference",
  },
  image: "node",
  knownBroken: true,
  load: async () => (await import("../reference-adapter.js")).referenceWallclockAdapter,
  validation: {
    "clock-jump(lock)": { expect: "invalid", why: "a wall clock that jumps forward expires a lease early: the service grants it again while the first holder's lease is certainly unexpired", ci: true },
  },
};
