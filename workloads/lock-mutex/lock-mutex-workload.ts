/**
 * `lock-mutex`: clients only acquire, hold and release; the history is
 * checked as a mutex per resource (the port's mutex model, holds ending at
 * the lease's TTL) and for the lock service's own promise (Jepsen's etcd
 * lock test). No storage is written and nothing is read at the end.
 */
import { drawHold, holdSpecOf, resourceNames } from "../../core/index.js";
import { lockServiceChecker, mutexChecker, statsChecker } from "../../checkers/index.js";
import type { Workload } from "../workload.js";
import { lockMutexGenerator } from "./lock-mutex-generator.js";
import { createMutexSession } from "./mutex-session.js";

export const lockMutexWorkload: Workload = {
  name: "lock-mutex",
  description: "acquire, hold (--hold-ms), release only; each resource checked as a mutex whose holds end at the TTL, and the lock service's promise",
  generator: (config) =>
    lockMutexGenerator({
      concurrency: config.workload.clients,
      resources: resourceNames(config.workload.resources),
      seed: config.seed,
      holdMs: (thread, cycle) => drawHold(holdSpecOf(config.workload), config.seed, thread, cycle),
    }),
  finalGenerator: () => undefined,
  session: createMutexSession,
  checkers: () => [mutexChecker(), lockServiceChecker(), statsChecker()],
  reportSections: ["summary", "leases", "ops", "perf", "clocks", "checkers", "run"],
};
