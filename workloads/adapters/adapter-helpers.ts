/**
 * Small pieces the built-in adapters share: a sleep that an abort cuts
 * short, a deadline on one attempt, and the errors the agent classifies.
 */
import { createRng, sleepUnlessAborted, type Rng } from "../../core/index.js";
import { LockError } from "./lock-error.js";
import { stableHash } from "./stable-hash.js";

export { sleepUnlessAborted };

/**
 * Resolves or rejects as `work` does, unless `ms` pass first: then rejects
 * with an indeterminate `timeout` LockError naming `what` (the call may
 * still take effect).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LockError("timeout", `Cannot ${what}: no answer after ${ms} ms`, false)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The definite error of an acquire that gave up waiting for a busy lock. */
export function lockBusy(resource: string, service: string): LockError {
  return new LockError("lock-busy", `Cannot acquire "${resource}": ${service} kept it busy until the acquire timed out`, true);
}

/** An indeterminate error for anything a client library threw. */
export function unavailable(what: string, error: unknown): LockError {
  const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return new LockError("unavailable", `Cannot ${what}: ${why}`, false, { cause: error });
}

/** The retry jitter source of one client: seeded by its id, so runs replay. */
export function clientRng(clientId: string): Rng {
  return createRng(stableHash(clientId));
}

/** A retry pause of 20 to 50 ms drawn from `rng`. */
export function retryDelayMs(rng: Rng): number {
  return 20 + rng.int(0, 30);
}
