/**
 * The op logic of one client agent: acquire a lease, read the resource's
 * storage key, hold, write it under the lease's token, release. Errors
 * become replies: `fail` when the op certainly had no effect, `info`
 * otherwise.
 *
 * By default this is the seed's unsafe client on purpose: a write does not
 * check that the lease is still valid. A `hold` op sleeps its `holdMs`
 * (else the configured one) inside the critical section; the write that
 * follows is sent at once with the token the client remembers, exactly like
 * a holder that wakes from a pause believing it still holds the lock. A
 * `check-lease` op is the client's look at its own clock: the lease is valid
 * for a TTL from the moment the grant arrived; when that has passed it
 * forgets the lease (`leaseCheck` "skip": the op fails) or kills itself
 * ("self-fence"). The window between the check and the write is a `hold` of
 * its own (`writeDelayMs`): a pause in it, or a clock that runs slow,
 * defeats the check. The write op does nothing but send the write, so its
 * invoke is when the write is sent.
 */
import type { AgentConfig, AgentReply, AgentRequest, OpError, Token } from "../../core/index.js";
import { LOCK_ERRORS } from "../../core/index.js";
import type { CheckedLease, CheckedLockClient } from "../adapters/load-lock-adapter.js";
import { classifyError } from "../adapters/lock-error.js";
import type { StorageClient } from "../adapters/storage-client.js";
import { opDeadline, type OpDeadline } from "./op-deadline.js";
import { settleByDeadline } from "./settle-by-deadline.js";

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
  /** A deadline of `ms`, joined with the stop-waiting signal when there is one (default `opDeadline`). */
  readonly deadline?: (ms: number, also?: AbortSignal) => OpDeadline;
}

/** One agent's session: handles requests one at a time. */
export interface AgentSession {
  /**
   * Answers one request; never rejects. When `stopWaiting` aborts, an
   * acquire still polling a busy lock gives up as at its acquire timeout.
   */
  handle(request: AgentRequest, stopWaiting?: AbortSignal): Promise<AgentReply>;
  /** Closes the lock client. */
  close(): Promise<void>;
}

/** Creates a session; the remembered leases live in its closure. */
export function createAgentSession(deps: AgentSessionDeps): AgentSession {
  const leases = new Map<string, CheckedLease & { readonly validUntilMs: number }>();
  // The version each resource's last read saw: a `cas` storage accepts a write only against it.
  const versions = new Map<string, string | null>();
  const deadlineOf = deps.deadline ?? ((ms: number, also?: AbortSignal) => opDeadline(ms, also));
  const { config } = deps;

  async function acquire(id: number, resource: string, stopWaiting: AbortSignal | undefined): Promise<AgentReply> {
    const deadline = deadlineOf(config.acquireTimeoutMs, stopWaiting);
    const { signal } = deadline;
    try {
      const lease = await settleByDeadline(deps.lock.acquire(resource, { ttlMs: config.ttlMs, signal }), signal, `acquire "${resource}"`);
      // The client's belief, as most clients keep it: the lease runs for a TTL from
      // the moment the grant arrived, by its own clock (the server started it a
      // little earlier; an acquire that polled a busy lock asked much earlier).
      leases.set(resource, { ...lease, validUntilMs: deps.nowMs() + config.ttlMs });
      return { id, type: "ok", value: { resource, token: lease.token } };
    } catch (error) {
      return errorReply(id, { resource }, error);
    } finally {
      deadline.clear();
    }
  }

  async function read(id: number, resource: string): Promise<AgentReply> {
    const result = await deps.storage.read(resource);
    if (result.kind === "value") {
      if (result.version !== undefined) versions.set(resource, result.version);
      return { id, type: "ok", value: { resource, value: result.value, token: result.token } };
    }
    const code = result.timedOut ? LOCK_ERRORS.timeout : "unavailable";
    // A read changes nothing, so one without an answer certainly had no effect.
    return { id, type: "fail", value: { resource }, error: { code, message: result.message, definite: true } };
  }

  /** Sleeps `holdMs` inside the critical section (or the window before the write). */
  async function hold(id: number, resource: string, holdMs: number): Promise<AgentReply> {
    const lease = leases.get(resource);
    if (!lease) return notHolder(id, { resource });
    await deps.sleep(holdMs);
    return { id, type: "ok", value: { resource, holdMs, token: lease.token } };
  }

  /** The client's look at its lease by its own clock: ok while it believes it valid; else it forgets it, or self-fences. */
  function checkLease(id: number, resource: string): AgentReply {
    const lease = leases.get(resource);
    if (!lease) return notHolder(id, { resource });
    if (deps.nowMs() < lease.validUntilMs) return { id, type: "ok", value: { resource, token: lease.token } };
    const message = `Lease on "${resource}" (token ${lease.token}) expired by this client's clock before the write`;
    if (config.leaseCheck === "self-fence") deps.selfFence(message);
    leases.delete(resource);
    return { id, type: "fail", value: { resource, token: lease.token }, error: { code: LOCK_ERRORS.leaseExpired, message, definite: true } };
  }

  async function write(id: number, resource: string, value: string): Promise<AgentReply> {
    const lease = leases.get(resource);
    if (!lease) return notHolder(id, { resource, value });
    const written = { resource, value, token: lease.token };
    const version = versions.get(resource);
    const request = { key: resource, value, token: lease.token, client: config.clientId, ...(version !== undefined ? { version } : {}) };
    const result = await deps.storage.write(request);
    if (result.kind === "accepted") return { id, type: "ok", value: written };
    if (result.kind === "rejected") {
      const message = `Cannot write "${resource}" with token "${lease.token}": storage holds token "${result.highest ?? "none"}"`;
      return { id, type: "fail", value: written, error: { code: result.reason, message, definite: true } };
    }
    // A refused connection carried nothing to storage: certainly no effect, and the client goes on.
    if (result.kind === "refused") return { id, type: "fail", value: written, error: { code: "unavailable", message: result.message, definite: true } };
    const code = result.timedOut ? LOCK_ERRORS.timeout : "unavailable";
    return { id, type: "info", value: written, error: { code, message: result.message, definite: false } };
  }

  async function release(id: number, resource: string): Promise<AgentReply> {
    const lease = leases.get(resource);
    if (!lease) return notHolder(id, { resource });
    leases.delete(resource);
    const value: { resource: string; token: Token | null } = { resource, token: lease.token };
    const deadline = deadlineOf(config.acquireTimeoutMs);
    try {
      await settleByDeadline(deps.lock.release(resource, lease, { signal: deadline.signal }), deadline.signal, `release "${resource}"`);
      return { id, type: "ok", value };
    } catch (error) {
      return errorReply(id, value, error);
    } finally {
      deadline.clear();
    }
  }

  async function dispatch(request: AgentRequest, stopWaiting: AbortSignal | undefined): Promise<AgentReply> {
    const { id, f } = request;
    const v = (request.value ?? {}) as { resource?: unknown; value?: unknown; holdMs?: unknown };
    if (!KNOWN_FS.has(f)) return definiteFail(id, request.value, "unknown-f", `Cannot run op "${f}": unknown f`);
    if (typeof v.resource !== "string") return definiteFail(id, request.value, "bad-request", `Cannot run op "${f}": no resource`);
    if (f === "acquire") return acquire(id, v.resource, stopWaiting);
    if (f === "read") return read(id, v.resource);
    if (f === "release") return release(id, v.resource);
    if (f === "hold") return hold(id, v.resource, typeof v.holdMs === "number" && v.holdMs >= 0 ? v.holdMs : config.holdMs);
    if (f === "check-lease") return checkLease(id, v.resource);
    if (typeof v.value !== "string") return definiteFail(id, request.value, "bad-request", `Cannot run op "write": no string value`);
    return write(id, v.resource, v.value);
  }

  return {
    async handle(request, stopWaiting) {
      try {
        return await dispatch(request, stopWaiting);
      } catch (error) {
        return errorReply(request.id, request.value, error);
      }
    },
    close: () => deps.lock.close(),
  };
}

const KNOWN_FS: ReadonlySet<string> = new Set(["acquire", "read", "hold", "check-lease", "write", "release"]);

function notHolder(id: number, value: unknown): AgentReply {
  const resource = (value as { resource: string }).resource;
  return definiteFail(id, value, LOCK_ERRORS.notHolder, `Cannot use "${resource}": this client holds no lease on it`);
}

function definiteFail(id: number, value: unknown, code: string, message: string): AgentReply {
  return { id, type: "fail", value, error: { code, message, definite: true } };
}

/** `fail` for an error that says it is definite, `info` for anything else. */
function errorReply(id: number, value: unknown, error: unknown): AgentReply {
  const { code, definite } = classifyError(error);
  const message = error instanceof Error ? (error.message.split("\n")[0] ?? code) : String(error);
  const opError: OpError = { code, message, definite };
  return { id, type: definite ? "fail" : "info", value, error: opError };
}
