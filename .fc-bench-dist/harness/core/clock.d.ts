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
export declare function createManualClock(startNs?: number): Clock & {
    advance(ns: number): void;
};
/** Nanoseconds to milliseconds, for display. */
export declare function nsToMs(ns: number): number;
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
export declare function createSystemClock(): SystemClock;
