import type { Clock, Fault, Runtime } from "../../core/index.js";
/** Options for `createLocalRuntime`. */
export interface LocalRuntimeOptions {
    /**
     * Times readiness, exec timeouts and stop's grace; the system clock by
     * default. It must be a real clock: its `sleep` must really wait.
     */
    readonly clock?: Clock;
    /** How long `stop` waits after SIGTERM before SIGKILL; default 1000 ms. */
    readonly stopGraceMs?: number;
    /** Parent of each run's state directory (skew files); default "/run/fencecheck". */
    readonly stateDir?: string;
}
/** The faults the local runtime can inject (clock skew needs `StartOptions.clock`). */
export declare const LOCAL_FAULTS: ReadonlySet<Fault>;
/**
 * Creates the local runtime. `start` refuses a run id whose namespaces
 * still exist (a leftover: `fencecheck clean` removes it), and removes
 * whatever it made when bring-up fails or `opts.signal` aborts.
 */
export declare function createLocalRuntime(opts?: LocalRuntimeOptions): Runtime;
