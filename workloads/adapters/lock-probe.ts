/**
 * Two checks the harness runs from inside the run's network (the harness
 * itself cannot reach node addresses): `waitUntilReady` polls a launched
 * node's `ready()`, and `preflight` takes and releases one lock through the
 * checked client, so a broken adapter fails the run before the workload
 * starts, with the adapter's own error.
 */
import { HarnessError } from "../../core/index.js";
import { sleepUnlessAborted } from "./adapter-helpers.js";
import type { CheckedLease, CheckedLockClient, LoadedLockAdapter } from "./load-lock-adapter.js";
import type { LockServiceLaunch } from "./lock-adapter.js";

/** The resource the preflight locks; no workload uses it. */
export const PREFLIGHT_RESOURCE = "fencecheck-preflight";

/**
 * How long the preflight tries again after an acquire the service refused
 * or let time out, ms. A just-started service may refuse its first lock
 * while its cluster settles, or answer late on a busy machine (an etcd
 * lease grant and a user's server over SSH each missed a 2 s acquire
 * timeout once, failing the run): such a run is not broken yet.
 */
export const PREFLIGHT_RETRY_MS = 15_000;
/** The pause between two preflight acquires, ms. */
const PREFLIGHT_RETRY_PAUSE_MS = 200;

/** Polls `launch.ready()` every 100 ms until it resolves true or `timeoutMs` pass; false on timeout. */
export async function waitUntilReady(launch: LockServiceLaunch, timeoutMs: number): Promise<boolean> {
  if (!launch.ready) return true;
  const deadline = AbortSignal.timeout(timeoutMs);
  while (!deadline.aborted) {
    const ready = await launch.ready().catch(() => false);
    if (ready === true) return true;
    await sleepUnlessAborted(100, deadline);
  }
  return false;
}

/** What the preflight saw: the granted token (null for a token-less service). */
export interface PreflightResult {
  readonly token: string | null;
}

/**
 * The preflight's error when the adapter never answers. For a user's
 * module that is exit 254 (its adapter may be at fault); for a built-in
 * adapter (ours, tested) the service that started did not serve: a harness
 * failure after start, exit 255.
 */
export function preflightSilence(loaded: Pick<LoadedLockAdapter, "name" | "builtIn">, step: "connect" | "acquire", timeoutMs: number): HarnessError {
  const what = step === "acquire" ? `the preflight acquire of "${PREFLIGHT_RESOURCE}"` : "the preflight connect";
  return new HarnessError(loaded.builtIn ? "runtime.node-start-failed" : "adapter.invalid", `Cannot check lock service "${loaded.name}": ${what} did not answer within ${timeoutMs} ms`);
}

/**
 * Connects, acquires PREFLIGHT_RESOURCE (each try waiting up to
 * `timeoutMs`, the run's acquire timeout), releases it and closes. Throws
 * `adapter.invalid` for a malformed adapter (from the checked client),
 * `preflightSilence` for one whose connect or acquire does not settle within
 * `timeoutMs` (its own timer keeps the probe alive: an acquire that never
 * settles cannot end the probe without a lease), and
 * `runtime.node-start-failed` when the service still refuses the lock
 * after `retryMs` of tries.
 */
export async function preflight(loaded: LoadedLockAdapter, endpoints: readonly string[], timeoutMs: number, retryMs = PREFLIGHT_RETRY_MS): Promise<PreflightResult> {
  const client = await withDeadline(loaded.connect({ endpoints, clientId: "preflight" }), timeoutMs, () => preflightSilence(loaded, "connect", timeoutMs));
  try {
    const lease = await firstLease(loaded, client, timeoutMs, retryMs);
    await withDeadline(client.release(PREFLIGHT_RESOURCE, lease, { signal: AbortSignal.timeout(timeoutMs) }), timeoutMs, () => new Error("no answer")).catch(() => undefined);
    return { token: lease.token };
  } finally {
    await withDeadline(client.close(), timeoutMs, () => new Error("no answer")).catch(() => undefined);
  }
}

/** Acquires PREFLIGHT_RESOURCE, trying again while the service refuses it (an error of its own), for up to `retryMs`. */
async function firstLease(loaded: LoadedLockAdapter, client: CheckedLockClient, timeoutMs: number, retryMs: number): Promise<CheckedLease> {
  const budget = AbortSignal.timeout(retryMs);
  for (let attempt = 1; ; attempt++) {
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      return await withDeadline(client.acquire(PREFLIGHT_RESOURCE, { ttlMs: 5000, signal }), timeoutMs, () => preflightSilence(loaded, "acquire", timeoutMs));
    } catch (error) {
      // Our own errors (a malformed answer, an acquire that never settles) say the adapter is at fault: no second try.
      if (error instanceof HarnessError) throw error;
      if (budget.aborted) {
        const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
        const tries = attempt === 1 ? "" : ` (${attempt} tries over ${retryMs / 1000} s)`;
        throw new HarnessError("runtime.node-start-failed", `Cannot take a first lock from "${loaded.name}": ${why}${tries}`, { cause: error });
      }
      await sleepUnlessAborted(PREFLIGHT_RETRY_PAUSE_MS, budget);
    }
  }
}

/** `promise`, or the error of `late()` once `ms` pass; the timer holds the process open until then. */
function withDeadline<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
