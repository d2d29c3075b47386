import type { LoadedLockAdapter } from "./load-lock-adapter.js";
import type { LockServiceLaunch } from "./lock-adapter.js";
/** The resource the preflight locks; no workload uses it. */
export declare const PREFLIGHT_RESOURCE = "fencecheck-preflight";
/** Polls `launch.ready()` every 100 ms until it resolves true or `timeoutMs` pass; false on timeout. */
export declare function waitUntilReady(launch: LockServiceLaunch, timeoutMs: number): Promise<boolean>;
/** What the preflight saw: the granted token (null for a token-less service). */
export interface PreflightResult {
    readonly token: string | null;
}
/**
 * Connects, acquires PREFLIGHT_RESOURCE (waiting up to `timeoutMs`),
 * releases it and closes. Throws `adapter.invalid` for a malformed adapter
 * (from the checked client) and `runtime.node-start-failed` when the
 * service does not grant the lock.
 */
export declare function preflight(loaded: LoadedLockAdapter, endpoints: readonly string[], timeoutMs: number): Promise<PreflightResult>;
