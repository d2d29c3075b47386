/**
 * Two checks the harness runs from inside the run's network (the harness
 * itself cannot reach node addresses): `waitUntilReady` polls a launched
 * node's `ready()`, and `preflight` takes and releases one lock through the
 * checked client, so a broken adapter fails the run before the workload
 * starts, with the adapter's own error.
 */
import { HarnessError } from "../../core/index.js";
import { sleepUnlessAborted } from "./adapter-helpers.js";
import type { LoadedLockAdapter } from "./load-lock-adapter.js";
import type { LockServiceLaunch } from "./lock-adapter.js";

/** The resource the preflight locks; no workload uses it. */
export const PREFLIGHT_RESOURCE = "fencecheck-preflight";

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
 * Connects, acquires PREFLIGHT_RESOURCE (waiting up to `timeoutMs`, the
 * run's acquire timeout), releases it and closes. Throws `adapter.invalid`
 * for a malformed adapter (from the checked client), `preflightSilence` for
 * one whose connect or acquire does not settle within `timeoutMs` (its own timer keeps the probe
 * alive: an acquire that never settles cannot end the probe without a
 * lease), and `runtime.node-start-failed` when the service refuses the lock.
 */
export async function preflight(loaded: LoadedLockAdapter, endpoints: readonly string[], timeoutMs: number): Promise<PreflightResult> {
  const client = await withDeadline(loaded.connect({ endpoints, clientId: "preflight" }), timeoutMs, () => preflightSilence(loaded, "connect", timeoutMs));
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    let lease;
    try {
      lease = await withDeadline(client.acquire(PREFLIGHT_RESOURCE, { ttlMs: 5000, signal }), timeoutMs, () => preflightSilence(loaded, "acquire", timeoutMs));
    } catch (error) {
      if (error instanceof HarnessError) throw error;
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new HarnessError("runtime.node-start-failed", `Cannot take a first lock from "${loaded.name}": ${why}`, { cause: error });
    }
    await withDeadline(client.release(PREFLIGHT_RESOURCE, lease, { signal: AbortSignal.timeout(timeoutMs) }), timeoutMs, () => new Error("no answer")).catch(() => undefined);
    return { token: lease.token };
  } finally {
    await withDeadline(client.close(), timeoutMs, () => new Error("no answer")).catch(() => undefined);
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
