/**
 * A client performs one logical process's ops against the system under
 * test. The interpreter stamps index, time and process; the client says
 * only what happened. A client that throws is recorded as `info`.
 */
import type { Invoke, OpError } from "./op.js";

/** What a client reports for one op. */
export interface ClientOutcome {
  readonly type: "ok" | "fail" | "info";
  readonly value?: unknown;
  readonly error?: OpError;
}

export interface Client {
  /** Performs `op`; must settle soon after `signal` aborts (the op timeout). */
  invoke(op: Invoke, signal: AbortSignal): Promise<ClientOutcome>;
  /**
   * Asks the op in flight, if it waits (an acquire polling a busy lock), to
   * stop waiting now: it then completes as it would at its own timeout. Sent
   * when the run's time limit has passed; ops that do not wait ignore it.
   */
  stopWaiting?(): void;
  /** Releases the client's resources; its process is then retired. */
  close(): Promise<void>;
}
