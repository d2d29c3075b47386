/**
 * One lease as an object: what the history says of its grant
 * (`LeaseFacts`, lease-history.ts) and what the lease rules and the token
 * order prove of it (`Lease`, lease-bounds.ts). Checkers walk the lease
 * table's columns (lease-columns.ts) and make these only for the leases
 * they report.
 */

/** What the history says of one grant (an acquire that completed `ok`). Times are harness nanoseconds. */
export interface LeaseFacts {
  readonly process: number;
  readonly node: string | undefined;
  readonly resource: string;
  /** Undefined for a service without fencing tokens. */
  readonly token: string | undefined;
  /** The acquire's invoke and ok: the grant happened somewhere in [invokedAt, grantedAt]. */
  readonly invokedAt: number;
  readonly grantedAt: number;
  /** When its holder invoked its release (or a new acquire of the resource), from which instant the service may have dropped it. */
  readonly releaseInvokedAt: number | undefined;
  /** When that release returned ok: the lease had certainly ended by then. */
  readonly releasedAt: number | undefined;
  /**
   * For a holder that retired still holding it: the last instant its
   * client was known alive (its last ok or fail). A client's death may end
   * its session from then on.
   */
  readonly retiredAt: number | undefined;
  /** Until when its holder believed it held it: the release's invoke, its last op if it retired, else the history's end. */
  readonly believedUntil: number;
  /** For `client-session` leases: the invokes of nemesis ops that break a lock node's connections (kill, delay) after the acquire's invoke. */
  readonly sessionBreaks: readonly number[];
}

/** One lease with what the history proves of it. Times are harness nanoseconds. */
export interface Lease extends LeaseFacts {
  /** The proven lower bound of the grant's instant: its invoke, raised along the token order (never past its ok). */
  readonly grantNoEarlierThan: number;
  /** The earliest instant it may have ended on the server: it is certainly live over [grantedAt, mayEndFrom). */
  readonly mayEndFrom: number;
  /** An instant by which it had certainly ended (a fixed TTL's expiry, or its release's ok), when one is known. */
  readonly endedBy: number | undefined;
}
