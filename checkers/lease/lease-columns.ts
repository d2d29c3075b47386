/**
 * The leases of a history as columns, one entry per grant in acquire-invoke
 * order: typed arrays of times and ids instead of one object per lease, so
 * that an hour-long run (about a million grants) is judged in tens of
 * megabytes, where lease objects took hundreds. Checkers walk the columns
 * by index and materialize a `LeaseFacts` or `Lease` object (`factsAt`,
 * `leaseAt`) only for the few leases they report; the objects are equal,
 * field for field and in the same key order, to those the lease model
 * always built. An absent time (no release, not retired, no certain end)
 * is NaN in its column and undefined in the object.
 */
import type { Lease, LeaseFacts } from "./lease.js";

/** What the history says of each grant (see `LeaseFacts`), column by column. Times are harness nanoseconds. */
export interface LeaseFactTable {
  readonly length: number;
  readonly process: Int32Array;
  /** Index into `nodes`, or -1 when the acquire named no node. */
  readonly node: Int32Array;
  readonly nodes: readonly string[];
  /** Index into `resources`. */
  readonly resource: Int32Array;
  readonly resources: readonly string[];
  /** Each resource's index in `resources`. */
  readonly resourceIds: ReadonlyMap<string, number>;
  readonly token: readonly (string | undefined)[];
  /** The token as a number when it is a safe integer, else NaN (compare with `compareTokensAt`). */
  readonly tokenNumber: Float64Array;
  readonly invokedAt: Float64Array;
  readonly grantedAt: Float64Array;
  readonly releaseInvokedAt: Float64Array;
  readonly releasedAt: Float64Array;
  readonly retiredAt: Float64Array;
  readonly believedUntil: Float64Array;
  /** Invokes of session-breaking nemesis ops, in history order; a lease's are those at or after its acquire's invoke. */
  readonly breaks: readonly number[];
}

/** The lease table with what the lease rules and the token order prove (see `Lease`). */
export interface LeaseTable extends LeaseFactTable {
  readonly grantNoEarlierThan: Float64Array;
  readonly mayEndFrom: Float64Array;
  /** NaN when no certain end is known. */
  readonly endedBy: Float64Array;
  /**
   * 1 where the lease was timed on steady lock clocks (lock-clock-moves.ts),
   * so its TTL's bounds (`mayEndFrom`, ok + the longest TTL) hold in real
   * time; 0 where the nemesis may have moved one while it was live.
   */
  readonly steadyClock: Uint8Array;
}

/** A column of numbers that grows as it is pushed to. */
export class GrowingColumn<A extends Float64Array | Int32Array> {
  #a: A;
  #n = 0;
  constructor(private readonly make: (n: number) => A) {
    this.#a = make(1024);
  }

  get length(): number {
    return this.#n;
  }

  push(x: number): void {
    if (this.#n === this.#a.length) {
      const grown = this.make(this.#a.length * 2);
      grown.set(this.#a);
      this.#a = grown;
    }
    this.#a[this.#n++] = x;
  }

  at(i: number): number {
    return this.#a[i] as number;
  }

  set(i: number, x: number): void {
    this.#a[i] = x;
  }

  /** The pushed numbers, trimmed to their count. */
  done(): A {
    return this.#a.slice(0, this.#n) as A;
  }
}

/** A new Float64 column. */
export function floatColumn(): GrowingColumn<Float64Array> {
  return new GrowingColumn((n) => new Float64Array(n));
}

/** A new Int32 column. */
export function intColumn(): GrowingColumn<Int32Array> {
  return new GrowingColumn((n) => new Int32Array(n));
}

/** NaN as undefined. */
export function orUndefined(x: number): number | undefined {
  return Number.isNaN(x) ? undefined : x;
}

/** The object of lease `i`, as `leaseFacts` returns it. */
export function factsAt(t: LeaseFactTable, i: number): LeaseFacts {
  const invokedAt = t.invokedAt[i] as number;
  const node = t.node[i] as number;
  return {
    process: t.process[i] as number, node: node === -1 ? undefined : t.nodes[node], resource: t.resources[t.resource[i] as number] as string,
    token: t.token[i], invokedAt, grantedAt: t.grantedAt[i] as number, releaseInvokedAt: orUndefined(t.releaseInvokedAt[i] as number),
    releasedAt: orUndefined(t.releasedAt[i] as number), retiredAt: orUndefined(t.retiredAt[i] as number), believedUntil: t.believedUntil[i] as number,
    sessionBreaks: t.breaks.filter((b) => b >= invokedAt),
  };
}

/** The object of lease `i`, as `leasesOf` returns it. */
export function leaseAt(t: LeaseTable, i: number): Lease {
  return {
    ...factsAt(t, i), grantNoEarlierThan: t.grantNoEarlierThan[i] as number, mayEndFrom: t.mayEndFrom[i] as number,
    endedBy: orUndefined(t.endedBy[i] as number),
  };
}

/** Negative, zero or positive as lease `i`'s token is below, equal to or above lease `j`'s (both must have one). */
export function compareTokensAt(t: LeaseFactTable, i: number, j: number, compare: (a: string, b: string) => number): number {
  const x = t.tokenNumber[i] as number;
  const y = t.tokenNumber[j] as number;
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : x > y ? 1 : 0;
  return compare(t.token[i] as string, t.token[j] as string);
}

/** A token as a number when it is a safe integer (its decimal string round-trips), else NaN. */
export function tokenNumber(token: string | undefined): number {
  if (token === undefined) return Number.NaN;
  const n = Number(token);
  return Number.isSafeInteger(n) && String(n) === token ? n : Number.NaN;
}
