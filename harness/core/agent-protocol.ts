/**
 * The line-delimited JSON protocol between the harness and a client agent.
 * Each logical client is its own OS process; the harness writes one request
 * per line on the agent's stdin and reads one reply per line from its stdout.
 * The harness, not the agent, stamps invoke and completion times.
 */
import type { OpError } from "./op.js";

/** How an agent is configured (passed as JSON in FENCECHECK_AGENT). */
export interface AgentConfig {
  readonly clientId: string;
  /** A built-in lock adapter name or an absolute path to an adapter module. */
  readonly lockAdapter: string;
  readonly lockEndpoints: readonly string[];
  readonly storageEndpoints: readonly string[];
  readonly ttlMs: number;
  readonly holdMs: number;
  readonly acquireTimeoutMs: number;
}

/** First line an agent prints: ready, or why it cannot start. */
export type AgentHello = { readonly ready: true } | { readonly ready: false; readonly error: string };

/** One request. `id` is echoed in the reply. */
export interface AgentRequest {
  readonly id: number;
  readonly f: string;
  readonly value: unknown;
}

/** One reply. */
export interface AgentReply {
  readonly id: number;
  readonly type: "ok" | "fail" | "info";
  readonly value?: unknown;
  readonly error?: OpError;
}
