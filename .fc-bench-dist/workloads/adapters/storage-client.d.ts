/**
 * A client of the storage service (workloads/services/storage). With several
 * storage endpoints, a key always goes to the same one (a stable hash of the
 * key). Results are data: a definite rejection is told apart from a request
 * that got no answer, which may or may not have been applied.
 */
import { type Token } from "../../harness/core/index.js";
/** How the client is built. */
export interface StorageClientOptions {
    readonly endpoints: readonly string[];
    /** Per-request timeout (default 2000 ms). */
    readonly timeoutMs?: number;
}
/** One write: `client` is the writer's id, recorded by storage. */
export interface StorageWriteRequest {
    readonly key: string;
    readonly value: string;
    readonly token: Token | null;
    readonly client: string;
    /** The version the writer's last read saw (checked by `cas` storage; others ignore it). */
    readonly version?: string | null;
}
/**
 * What a write did. `rejected` is definite (maps to `fail`); `unanswered`
 * may have been applied (maps to `info`).
 */
export type StorageWriteResult = {
    readonly kind: "accepted";
    readonly highest: Token | null;
} | {
    readonly kind: "rejected";
    readonly reason: string;
    readonly highest: Token | null;
} | {
    readonly kind: "unanswered";
    readonly message: string;
    readonly timedOut: boolean;
};
/** What a read saw, or that it got no answer (a read has no effect either way). */
export type StorageReadResult = {
    readonly kind: "value";
    readonly value: string | null;
    readonly token: Token | null;
    readonly version?: string | null;
} | {
    readonly kind: "unanswered";
    readonly message: string;
    readonly timedOut: boolean;
};
/** The storage client of one agent. */
export interface StorageClient {
    read(key: string, signal?: AbortSignal): Promise<StorageReadResult>;
    write(request: StorageWriteRequest, signal?: AbortSignal): Promise<StorageWriteResult>;
    /** The endpoint that owns `key`. */
    endpointFor(key: string): string;
}
/** Creates the client; throws `config.invalid` without endpoints. */
export declare function createStorageClient(options: StorageClientOptions): StorageClient;
