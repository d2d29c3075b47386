/**
 * The rules every checker judges leases by, read from the run's config
 * alone (so `fencecheck analyze` judges a stored run the same way):
 * what may end a lease besides its release and its TTL (the adapter's
 * declaration, core LeaseDeclaration), where its TTL is timed from, and
 * the margin that covers the lock server's clock.
 *
 * The TTL's arithmetic (SHORTEST and LONGEST of it in harness time, for
 * the lock server's clock rate and whole-millisecond expiry) is core's
 * (core/lease-span.ts), which the report's story shares. Every checker uses
 * these two bounds and no other.
 */
import { declaredLease, longestLeaseNs, runNodes, shortestLeaseNs, type LeaseEnd, type RunConfig } from "../../core/index.js";

export { EXPIRY_SLACK_MS, longestLeaseNs, parseLeaseDeclaration, SERVER_CLOCK_DRIFT, shortestLeaseNs } from "../../core/index.js";

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

/** The lease rules of a run's config (older configs' `fixedTtl: true` reads as a fixed TTL timed from the request). Pure. */
export function leaseRules(config: RunConfig): LeaseRules {
  const declared = declaredLease(config);
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
