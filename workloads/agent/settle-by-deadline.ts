/**
 * An adapter call that ends by its deadline whatever the network or the
 * adapter does. The session hands each acquire and release a signal that
 * aborts at the run's `--acquire-timeout-ms`; a well-behaved adapter gives
 * up then. One that does not (a driver blocked on a socket, a library that
 * ignores the signal) is cut off `graceMs` later: the op ends as a timeout
 * that may have taken effect (`info`), since the call is still under way.
 */
import { LockError } from "../adapters/lock-error.js";

/** How long after its deadline an adapter call may take to give up on its own. */
export const DEADLINE_GRACE_MS = 250;

/**
 * `work`, or a rejection with an indefinite "timeout" `LockError` naming
 * `what` once `signal` has been aborted for `graceMs` and `work` has still
 * not settled. The timer is cleared as soon as `work` settles.
 */
export function settleByDeadline<T>(work: Promise<T>, signal: AbortSignal, what: string, graceMs: number = DEADLINE_GRACE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const cutOff = new Promise<never>((_, reject) => {
    onAbort = () => {
      timer = setTimeout(() => reject(new LockError("timeout", `Cannot ${what}: the adapter did not give up within ${graceMs} ms of its deadline`, false)), graceMs);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([work, cutOff]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener("abort", onAbort);
  });
}
