/**
 * The line-delimited JSON protocol between the harness and a client agent.
 * An agent process serves one logical client, or, started as a shared host
 * (`AGENT_SHARED`), several: each is a session the harness opens with an
 * `AgentOpen` line, and every line of a session carries its `session`
 * number. The harness writes one request per line on the agent's stdin and
 * reads one reply per line from its stdout. The harness, not the agent,
 * stamps invoke and completion times.
 */
import type { OpError } from "./op.js";

/**
 * FENCECHECK_AGENT's value for an agent started before its configuration is
 * known: its first line on stdin is then the `AgentConfig`'s JSON, and its
 * hello follows that line.
 */
export const AGENT_CONFIG_ON_STDIN = "-";

/**
 * FENCECHECK_AGENT's value for a shared host: it serves no client until an
 * `AgentOpen` line opens one, and answers each such line with that
 * session's hello.
 */
export const AGENT_SHARED = "+";

/** Opens session `session` of a shared host with its client's configuration. */
export interface AgentOpen {
  readonly session: number;
  readonly open: AgentConfig;
}

/** How an agent is configured (passed as JSON in FENCECHECK_AGENT, or as its first stdin line: `AGENT_CONFIG_ON_STDIN`). */
export interface AgentConfig {
  readonly clientId: string;
  /** The workload whose ops the agent performs (workloads/registry.ts); "lock-write" when absent. */
  readonly workload?: string;
  /** A built-in lock adapter name or an absolute path to an adapter module. */
  readonly lockAdapter: string;
  readonly lockEndpoints: readonly string[];
  readonly storageEndpoints: readonly string[];
  /** The run's storage kind: `s3` and `s3-conditional` are spoken to with the AWS SDK; anything else (or absent) with our storage protocol. */
  readonly storageKind?: string;
  readonly ttlMs: number;
  readonly holdMs: number;
  readonly acquireTimeoutMs: number;
  /** What the client does when its `check-lease` op finds the lease expired by its own clock (default "none": it forgets it). */
  readonly leaseCheck?: LeaseCheck;
}

/**
 * How a client treats its lease before each write, judged by its own wall
 * clock (which the clock nemesis may skew):
 * - "none": it writes under the token it remembers (the seed's client);
 * - "skip": it skips the write when it believes the lease expired;
 * - "self-fence": it kills itself when it believes the lease expired (the
 *   STONITH-like alternative to tokens). A pause between the check and the
 *   write defeats both, which is the point of fencing tokens.
 */
export type LeaseCheck = "none" | "skip" | "self-fence";

/** First line an agent prints (a shared host: once per session, with its number): ready, or why it cannot start. */
export type AgentHello = ({ readonly ready: true } | { readonly ready: false; readonly error: string }) & { readonly session?: number };

/** One request. `id` is echoed in the reply. */
export interface AgentRequest {
  /** The session of a shared host; absent for an agent of one client. */
  readonly session?: number;
  readonly id: number;
  readonly f: string;
  readonly value: unknown;
}

/**
 * A control line, not an op: the request `stopWaiting` (an id) should stop
 * waiting (an acquire polling a busy lock gives up as at its acquire
 * timeout). No reply of its own: the request's reply follows as usual.
 */
export interface AgentStopWaiting {
  readonly session?: number;
  readonly stopWaiting: number;
}

/** One reply. */
export interface AgentReply {
  readonly session?: number;
  readonly id: number;
  readonly type: "ok" | "fail" | "info";
  readonly value?: unknown;
  readonly error?: OpError;
}
