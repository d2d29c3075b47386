/**
 * An op's deadline as an abort signal that costs one timer: it aborts after
 * `ms`, or at once when `also` (the harness's stop-waiting signal) aborts,
 * and `clear()` (called once the op is done) stops the timer and unhooks
 * `also`, so nothing of a finished op fires later.
 *
 * `AbortSignal.timeout` (with `AbortSignal.any` to join the stop-waiting
 * signal) did the same, but its timer was never cleared: every op's timer
 * fired an acquire timeout after the op, built a DOMException and
 * dispatched an abort nobody listened to any more. An agent performs every
 * op of its client, so that was paid on every op.
 */

/** The timer functions a deadline uses (injected in tests). */
export interface DeadlineTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A running deadline. */
export interface OpDeadline {
  /** Aborts at the deadline, or when `also` aborts. */
  readonly signal: AbortSignal;
  /** Stops the timer and the watch on `also`; the signal then never aborts. Idempotent. */
  clear(): void;
}

const SYSTEM_TIMERS: DeadlineTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Starts a deadline of `ms` joined with `also`; aborted at once when `also` already is. */
export function opDeadline(ms: number, also?: AbortSignal, timers: DeadlineTimers = SYSTEM_TIMERS): OpDeadline {
  const controller = new AbortController();
  const abort = (): void => {
    clear();
    controller.abort(new DOMException("The op's deadline passed or the harness stopped waiting", "TimeoutError"));
  };
  const handle = timers.setTimeout(abort, ms);
  let cleared = false;
  function clear(): void {
    if (cleared) return;
    cleared = true;
    timers.clearTimeout(handle);
    also?.removeEventListener("abort", abort);
  }
  if (also?.aborted) abort();
  else also?.addEventListener("abort", abort, { once: true });
  return { signal: controller.signal, clear };
}
