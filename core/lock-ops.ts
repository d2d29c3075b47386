/**
 * The vocabulary of lock workloads, shared by the workload that produces
 * these ops and the checkers that read them. A client acquires a lease on a
 * resource, reads and writes the resource's storage key under the lease's
 * fencing token, and releases it. Between its read and its write it holds
 * the lease a while (`hold`) and, when configured, looks at its lease by its
 * own clock (`check-lease`) and waits again (a `hold` of phase
 * "write-delay"): none of these touch storage, and the write op sends the
 * write and nothing else, so its invoke is when the write is sent.
 */
import type { Op } from "./op.js";
import type { Token } from "./token.js";

export type LockF = "acquire" | "read" | "hold" | "check-lease" | "write" | "release";

/** acquire: invoke `{resource}`, ok `{resource, token}`. */
export interface AcquireValue {
  readonly resource: string;
  readonly token?: Token;
}

/** read: invoke `{resource}`, ok `{resource, value, token}` (what storage holds). */
export interface ReadValue {
  readonly resource: string;
  readonly value?: string | null;
  readonly token?: Token | null;
}

/** hold: invoke `{resource, phase, holdMs?}` (the critical section's hold, or the window before the write), ok adds the `token` held. */
export interface HoldValue {
  readonly resource: string;
  readonly phase?: "critical-section" | "write-delay";
  readonly holdMs?: number;
  readonly token?: Token;
}

/** check-lease: invoke `{resource}`, completion adds the `token`; fail `lease-expired` when the client's clock says the lease ended. */
export interface CheckLeaseValue {
  readonly resource: string;
  readonly token?: Token;
}

/** write: invoke `{resource, value}`, completion adds the `token` written under. */
export interface WriteValue {
  readonly resource: string;
  readonly value: string;
  readonly token?: Token | null;
}

/** release: invoke `{resource}`, completion adds the `token` released. */
export interface ReleaseValue {
  readonly resource: string;
  readonly token?: Token;
}

export type LockOp =
  | Op<"acquire", AcquireValue>
  | Op<"read", ReadValue>
  | Op<"hold", HoldValue>
  | Op<"check-lease", CheckLeaseValue>
  | Op<"write", WriteValue>
  | Op<"release", ReleaseValue>;

/** Error codes the lock workload's clients report. */
export const LOCK_ERRORS = {
  /** Storage refused a write whose token is below one it already accepted. */
  staleToken: "stale-token",
  /** The lock stayed busy until the acquire gave up. */
  lockBusy: "lock-busy",
  /** Release found the lease already gone (expired and possibly re-granted). */
  leaseLost: "lease-lost",
  /** A write or read without a held lease. */
  notHolder: "not-holder",
  /** The client believed its lease expired and did not write. */
  leaseExpired: "lease-expired",
  /** The op did not answer within the op timeout. */
  timeout: "timeout",
} as const;

/** Reads a lock op's resource, whatever its f. */
export function resourceOf(op: Op): string | undefined {
  const v = op.value as { resource?: unknown } | null | undefined;
  return typeof v?.resource === "string" ? v.resource : undefined;
}
