/**
 * The op logic of one client agent: acquire a lease, read and write the
 * resource's storage key under the lease's token, release. Errors become
 * replies: `fail` when the op certainly had no effect, `info` otherwise.
 *
 * By default this is the seed's unsafe client on purpose: a write does not
 * check that the lease is still valid. It sleeps `holdMs` inside the critical
 * section and then writes with the token it remembers, exactly like a holder
 * that wakes from a pause believing it still holds the lock. With
 * `leaseCheck`, after the hold it looks at its own clock: the lease is valid
 * until the time it asked for it plus the TTL. It skips the write or kills
 * itself when that has passed. Then it waits `writeDelayMs` (the window
 * between the check and the write) and writes: a pause in that window, or a
 * clock that runs slow, defeats the check.
 */
import type { AgentConfig, AgentReply, AgentRequest } from "../../harness/core/index.js";
import type { CheckedLockClient } from "../adapters/load-lock-adapter.js";
import type { StorageClient } from "../adapters/storage-client.js";
/** What a session runs against; all injectable for tests. */
export interface AgentSessionDeps {
    readonly config: AgentConfig;
    readonly lock: CheckedLockClient;
    readonly storage: StorageClient;
    /** Sleeps inside the critical section (real time in the agent; frozen by SIGSTOP). */
    readonly sleep: (ms: number) => Promise<void>;
    /** The client's own wall clock, ms (libfaketime skews it). */
    readonly nowMs: () => number;
    /** Ends the process: the self-fencing client's reaction to a lost lease. */
    readonly selfFence: (reason: string) => never;
    /** A signal that aborts after `ms` (default `AbortSignal.timeout`). */
    readonly timeout?: (ms: number) => AbortSignal;
}
/** One agent's session: handles requests one at a time. */
export interface AgentSession {
    /** Answers one request; never rejects. */
    handle(request: AgentRequest): Promise<AgentReply>;
    /** Closes the lock client. */
    close(): Promise<void>;
}
/** Creates a session; the remembered leases live in its closure. */
export declare function createAgentSession(deps: AgentSessionDeps): AgentSession;
