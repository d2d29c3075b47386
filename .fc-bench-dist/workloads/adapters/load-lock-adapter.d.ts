import { type Token } from "../../harness/core/index.js";
import type { AcquireOptions, ConnectOptions, Lease, LockAdapter, ReleaseOptions } from "./lock-adapter.js";
/**
 * A granted lease with its token normalized; `lease` is what the adapter
 * returned. `token` is null only for an adapter whose `info.token` is null
 * (a service without fencing tokens).
 */
export interface CheckedLease {
    readonly token: Token | null;
    readonly lease: Lease;
}
/** A lock client whose answers have been checked. */
export interface CheckedLockClient {
    acquire(resource: string, options: AcquireOptions): Promise<CheckedLease>;
    release(resource: string, lease: CheckedLease, options: ReleaseOptions): Promise<void>;
    close(): Promise<void>;
}
/** A loaded adapter: its name, where it came from, and a checked connect. */
export interface LoadedLockAdapter {
    readonly name: string;
    readonly adapter: LockAdapter;
    connect(options: ConnectOptions): Promise<CheckedLockClient>;
}
/**
 * Resolves `nameOrPath`: a built-in name ("reference"), or a path (absolute,
 * or relative to `cwd`) to an ES module whose default export (or, failing
 * that, the module itself) is a lock adapter. Throws `adapter.invalid` with a
 * one-line message naming what is wrong.
 */
export declare function loadLockAdapter(nameOrPath: string, cwd?: string): Promise<LoadedLockAdapter>;
