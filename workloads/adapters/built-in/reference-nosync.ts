/** The built-in `reference-nosync` lock service's record (service-record.ts says what each field means; built-in-services.ts lists it). */
import type { BuiltInService } from "../service-record.js";

export const referenceNosync: BuiltInService = {
  info: {
    summary: "the reference service writing its journal before each grant but never fsyncing it: what a power loss breaks and a kill does not",
    token: "a per-resource counter that grows with every grant, written before the answer but not fsynced",
    limits: "unsafe under lose-unfsynced faults by design: a power loss drops the journal lines written since the last sync, so the restarted node hands the same tokens out again; safe under kill (the kernel keeps what a killed process wrote)",
    lease: { ends: "ttl", timedFrom: "grant" },
    durability: "written before the answer, never fsynced: survives a kill, not a power loss (lose-unfsynced)",
  },
  image: "node",
  knownBroken: true,
  load: async () => (await import("../reference-adapter.js")).referenceNosyncAdapter,
  validation: {
    // Declared once, in the scenario it proves: its command line, verdict and reason come from there.
    "lose-unfsynced-lock": { scenario: { name: "token-durability", variant: "counter written but not fsynced, power loss" }, ci: true, dockerCi: true },
  },
};
