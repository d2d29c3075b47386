/**
 * `lock-write`, the seed's workload: acquire, read, hold (and look at the
 * lease, and wait, when configured), write under the lease's token, release; final reads of every resource; checked for fencing,
 * lease overlaps, the lock service's promise, the final state and
 * linearizability of each resource as a fenced register.
 */
import { drawHold, eachUntilOk, holdSpecOf, REPORT_SECTIONS, resourceNames } from "../../core/index.js";
import { lockCheckers } from "../../checkers/index.js";
import { createAgentSession } from "../agent/agent-session.js";
import type { Workload } from "../workload.js";
import { lockWriteGenerator } from "./lock-write-generator.js";

/** Tries of each final read: each one that does not return ok costs at most the op timeout. */
const FINAL_READ_TRIES = 2;

export const lockWriteWorkload: Workload = {
  name: "lock-write",
  description: "acquire, read, hold, write under the token, release; final reads; fencing, lease-overlap, lock-service, final-state, linearizable",
  generator: (config) =>
    lockWriteGenerator({
      concurrency: config.workload.clients,
      resources: resourceNames(config.workload.resources),
      seed: config.seed,
      singleWriter: config.workload.singleWriter === true,
      holdMs: (thread, cycle) => drawHold(holdSpecOf(config.workload), config.seed, thread, cycle),
      leaseCheck: (config.workload.leaseCheck ?? "none") !== "none",
      ...(config.workload.writeDelayMs ? { writeDelayMs: config.workload.writeDelayMs } : {}),
    }),
  // A final read that does not return ok (its agent died with a fault's last strike) is tried once more on another process.
  finalGenerator: (config) => eachUntilOk(resourceNames(config.workload.resources).map((resource) => ({ f: "read", value: { resource } })), FINAL_READ_TRIES),
  session: createAgentSession,
  checkers: () => lockCheckers(),
  reportSections: REPORT_SECTIONS,
};
