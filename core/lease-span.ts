/**
 * How long a lease's TTL lasts in harness time, and what a run's config
 * declares of its leases: the arithmetic the checkers' lease model
 * (checkers/lease) and the report's story share, so the story never dates an
 * expiry differently from the checkers.
 *
 * The TTL runs on the lock server's clock, which may run at a rate a little
 * off the harness's: a lease lasts at least the shortest and at most the
 * longest of the TTL in harness time, with SERVER_CLOCK_DRIFT (the rate
 * error Redlock itself allows) and EXPIRY_SLACK_MS (expiry kept in whole
 * milliseconds) on each side.
 */
import type { LeaseDeclaration, LeaseEnd, RunConfig } from "./run-config.js";

/** How much faster or slower than the harness's clock the lock server's clock may run, as a fraction. */
export const SERVER_CLOCK_DRIFT = 0.01;
/** Added on each side of the stretched TTL: expiry is kept in whole milliseconds. */
export const EXPIRY_SLACK_MS = 2;

const LEASE_ENDS: readonly LeaseEnd[] = ["ttl", "client-session", "session-timeout", "keep-alive"];

/** The shortest a lease of `ttlMs` can last in harness time (server clock fast by the drift, whole milliseconds). */
export function shortestLeaseNs(ttlMs: number): number {
  return Math.max(0, Math.floor((ttlMs * (1 - SERVER_CLOCK_DRIFT) - EXPIRY_SLACK_MS) * 1e6));
}

/** The longest a lease of `ttlMs` can last in harness time (server clock slow by the drift, whole milliseconds). */
export function longestLeaseNs(ttlMs: number): number {
  return Math.ceil((ttlMs * (1 + SERVER_CLOCK_DRIFT) + EXPIRY_SLACK_MS) * 1e6);
}

/** The declaration in `value`, or undefined when it is not a well-formed one. Pure. */
export function parseLeaseDeclaration(value: unknown): LeaseDeclaration | undefined {
  const v = value as { ends?: unknown; timedFrom?: unknown; renewedBy?: unknown } | null | undefined;
  if (!LEASE_ENDS.includes(v?.ends as LeaseEnd)) return undefined;
  if (v?.timedFrom !== "grant" && v?.timedFrom !== "request") return undefined;
  return { ends: v.ends as LeaseEnd, timedFrom: v.timedFrom, ...(v.ends === "keep-alive" && v.renewedBy === "holder-process" ? { renewedBy: v.renewedBy } : {}) };
}

/** What a run's config declares of its leases (older configs' `fixedTtl: true` reads as a fixed TTL timed from the request); undefined when nothing. Pure. */
export function declaredLease(config: RunConfig): LeaseDeclaration | undefined {
  return parseLeaseDeclaration(config.lock.lease)
    ?? (config.lock.fixedTtl === true ? { ends: "ttl", timedFrom: "request" } : undefined);
}

/** When one grant's TTL runs out, in harness nanoseconds. */
export interface TtlSpan {
  /** The earliest instant its TTL may have run out: the shortest lease after the acquire's invoke. */
  readonly from: number;
  /**
   * The instant by which its lease had certainly ended: the longest lease
   * after the acquire's ok, for leases that nothing renews (`ends: "ttl"`);
   * undefined for any other (or undeclared) lease.
   */
  readonly by: number | undefined;
}

/**
 * When the TTL of a grant made somewhere in [invokedAt, grantedAt] runs out
 * on the lock server, by the config's TTL and lease declaration alone. The
 * checkers may know more (a release, a token order that narrows the
 * grant): prefer the bounds their results carry. Pure.
 */
export function ttlSpan(config: RunConfig, grant: { readonly invokedAt: number; readonly grantedAt: number }): TtlSpan {
  const ttlMs = config.workload.ttlMs;
  const certain = declaredLease(config)?.ends === "ttl";
  return { from: grant.invokedAt + shortestLeaseNs(ttlMs), by: certain ? grant.grantedAt + longestLeaseNs(ttlMs) : undefined };
}
