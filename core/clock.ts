/**
 * The harness's clock. `nowNs` is monotonic nanoseconds since the run
 * started; it stamps every op. `wallMs` is for names and reports only.
 * Inject a fake one in tests.
 */
export interface Clock {
  nowNs(): number;
  wallMs(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A clock that starts at zero and moves only when told to (for tests). */
export function createManualClock(startNs = 0): Clock & { advance(ns: number): void } {
  let now = startNs;
  return {
    nowNs: () => now,
    wallMs: () => 1_700_000_000_000 + Math.floor(now / 1e6),
    advance(ns) {
      now += ns;
    },
    sleep(ms) {
      now += ms * 1e6;
      return Promise.resolve();
    },
  };
}

/** The real clock: a monotonic origin taken when it is created. */
export interface SystemClock extends Clock {
  /**
   * The host's CLOCK_MONOTONIC reading (ns) at the run's start. Processes on
   * the same host (services in other network namespaces) share that clock,
   * so they can stamp events in the harness's time base with it.
   */
  readonly originNs: bigint;
}

/** Creates the real clock; time zero is now. */
export function createSystemClock(): SystemClock {
  const originNs = process.hrtime.bigint();
  return {
    originNs,
    nowNs: () => Number(process.hrtime.bigint() - originNs),
    wallMs: () => Date.now(),
    sleep: sleepUnlessAborted,
  };
}

/** Sleeps `ms` of real time, or less when `signal` aborts; never rejects. */
export function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
