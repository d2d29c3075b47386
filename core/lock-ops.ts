/**
 * The vocabulary of lock workloads, shared by the workload that produces
 * these ops and the checkers that read them. A client acquires a lease on a
 * resource, reads and writes the resource's storage key under the lease's
 * fencing token, and releases it.
 */
import type { Op } from "./op.js";
import type { Token } from "./token.js";

export type LockF = "acquire" | "read" | "write" | "release";

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
