/**
 * The lock service's own promise, checked from the clients' history alone:
 * per resource, tokens are unique and increase in grant order (a grant that
 * certainly came after another has the higher token), and no two holders'
 * leases are certainly live at once (double-grants.ts, by the one lease
 * model of checkers/lease). Fencing (storage) and lease overlap (clients'
 * beliefs) are other checkers; this one alone says whether the lock
 * service itself broke its word about tokens.
 *
 * Availability is reported next to safety and never confused with it: when
 * acquires were tried and none was granted, the verdict is "unknown" (the
 * promise was never put to the test) with an "unavailable" summary; a
 * service that refuses everything is useless but not unsafe.
 */
import type { CheckInput, CheckResult, Checker, Validity } from "../../core/index.js";
import { acquireAvailability, type Availability } from "./availability.js";
import { doubleGrants, type DoubleGrant } from "./double-grants.js";
import { lockServiceViolations, type LockServiceViolation } from "./token-order.js";

/** The lock-service checker's verdict and evidence. */
export interface LockServiceResult extends CheckResult {
  readonly valid: Validity;
  /** One sentence: kept, broken (naming the first breach), or unavailable. */
  readonly summary: string;
  /** Duplicate tokens and tokens lower than an earlier grant's. */
  readonly tokenViolations: readonly LockServiceViolation[];
  /** Two holders certainly holding unexpired leases on one resource at once. */
  readonly doubleGrants: readonly DoubleGrant[];
  readonly availability: Availability;
}

/** The lock-service checker (name "lock-service"). Pure. */
export function lockServiceChecker(): Checker<LockServiceResult> {
  return { name: "lock-service", check: checkLockService };
}

/** Checks one run's acquires against the lock service's promise. */
export function checkLockService(input: Pick<CheckInput, "config" | "history">): LockServiceResult {
  const tokenViolations = lockServiceViolations(input.history);
  const doubles = doubleGrants(input.history, input.config);
  const availability = acquireAvailability(input.history);
  const broken = [...tokenViolations.map((v) => v.message), ...doubles.map((d) => d.message)];
  const valid: Validity = broken.length > 0 ? false : availability.unavailable ? "unknown" : true;
  return { valid, summary: summarize(broken, availability), tokenViolations, doubleGrants: doubles, availability };
}

function summarize(broken: readonly string[], a: Availability): string {
  if (broken.length > 0) {
    const more = broken.length > 1 ? ` (and ${broken.length - 1} more)` : "";
    return `The lock service broke its promise: ${broken[0]}${more}`;
  }
  const failures = Object.entries(a.failed).map(([code, n]) => `${n} ${code}`);
  const outcomes = [...failures, ...(a.indeterminate > 0 ? [`${a.indeterminate} indeterminate`] : [])].join(", ");
  if (a.unavailable) return `The lock service was unavailable: none of ${a.acquires} acquires was granted (${outcomes})`;
  const gap = `the longest time without a grant was ${(a.longestWithoutGrantNs / 1e6).toFixed(0)} ms`;
  return `The lock service kept its promise over ${a.granted} grants of ${a.acquires} acquires; ${gap}`;
}
