/**
 * The rules every checker judges leases by, read from the run's config
 * alone (so `fencecheck analyze` judges a stored run the same way):
 * what may end a lease besides its release and its TTL (the adapter's
 * declaration, core LeaseDeclaration), where its TTL is timed from, and
 * the margin that covers the lock server's clock.
 *
 * The TTL runs on the lock server's clock, which may run at a rate a
 * little off the harness's: a lease lasts at least SHORTEST and at most
 * LONGEST of the TTL in harness time, with SERVER_CLOCK_DRIFT (the rate
 * error Redlock itself allows) and EXPIRY_SLACK_MS (expiry kept in whole
 * milliseconds) on each side. Every checker uses these two bounds and no
 * other.
 */
import { runNodes, type LeaseDeclaration, type LeaseEnd, type RunConfig } from "../../core/index.js";

/** How much faster or slower than the harness's clock the lock server's clock may run, as a fraction. */
export const SERVER_CLOCK_DRIFT = 0.01;
/** Added on each side of the stretched TTL: expiry is kept in whole milliseconds. */
export const EXPIRY_SLACK_MS = 2;

/** A run's lease rules. Times are harness nanoseconds. */
export interface LeaseRules {
  /** What ends a lease besides release and TTL; undeclared services get `client-session` (the least assumed). */
  readonly ends: LeaseEnd;
  /** Where the TTL is timed from; undeclared services get `request` (the earliest it can start). */
  readonly timedFrom: "grant" | "request";
  /** True when the adapter declared its leases (false: the defaults above are assumed). */
  readonly declared: boolean;
  /** The shortest a lease lasts from the instant its TTL starts (server clock fast by the drift). */
  readonly shortestNs: number;
  /** The longest a lease lasts from the instant its TTL starts (server clock slow by the drift). */
  readonly longestNs: number;
  /** True when nothing renews a lease, so `longestNs` after its grant it has certainly ended. */
  readonly certainExpiry: boolean;
  /** True for keep-alive leases its holder's own process renews (`renewedBy: "holder-process"`): `longestNs` after its holder was frozen, a lease has certainly ended. */
  readonly holderRenews: boolean;
  /** The lock nodes of the run (their kill or broken connections end client sessions). */
  readonly lockNodes: ReadonlySet<string>;
}

const LEASE_ENDS: readonly LeaseEnd[] = ["ttl", "client-session", "session-timeout", "keep-alive"];

/** The declaration in `value`, or undefined when it is not a well-formed one. Pure. */
export function parseLeaseDeclaration(value: unknown): LeaseDeclaration | undefined {
  const v = value as { ends?: unknown; timedFrom?: unknown; renewedBy?: unknown } | null | undefined;
  if (!LEASE_ENDS.includes(v?.ends as LeaseEnd)) return undefined;
  if (v?.timedFrom !== "grant" && v?.timedFrom !== "request") return undefined;
  return { ends: v.ends as LeaseEnd, timedFrom: v.timedFrom, ...(v.ends === "keep-alive" && v.renewedBy === "holder-process" ? { renewedBy: v.renewedBy } : {}) };
}

/** The lease rules of a run's config (older configs' `fixedTtl: true` reads as a fixed TTL timed from the request). Pure. */
export function leaseRules(config: RunConfig): LeaseRules {
  const declared = parseLeaseDeclaration(config.lock.lease)
    ?? (config.lock.fixedTtl === true ? { ends: "ttl" as const, timedFrom: "request" as const } : undefined);
  const ttlMs = config.workload.ttlMs;
  return {
    ends: declared?.ends ?? "client-session",
    timedFrom: declared?.timedFrom ?? "request",
    declared: declared !== undefined,
    shortestNs: shortestLeaseNs(ttlMs),
    longestNs: longestLeaseNs(ttlMs),
    certainExpiry: declared?.ends === "ttl",
    holderRenews: declared?.ends === "keep-alive" && declared.renewedBy === "holder-process",
    lockNodes: new Set(runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string)),
  };
}

/** The shortest a lease of `ttlMs` can last in harness time (server clock fast by the drift, whole milliseconds). */
export function shortestLeaseNs(ttlMs: number): number {
  return Math.max(0, Math.floor((ttlMs * (1 - SERVER_CLOCK_DRIFT) - EXPIRY_SLACK_MS) * 1e6));
}

/** The longest a lease of `ttlMs` can last in harness time (server clock slow by the drift, whole milliseconds). */
export function longestLeaseNs(ttlMs: number): number {
  return Math.ceil((ttlMs * (1 + SERVER_CLOCK_DRIFT) + EXPIRY_SLACK_MS) * 1e6);
}
