/**
 * The vote state of one quorum-lock node (replica or witness): per resource,
 * the highest token it has voted for and the lease it has promised. This is
 * all a witness keeps, and all that safety needs.
 *
 * The acceptor's rule, for a proposal (resource, token, holder, ttl):
 *   vote yes  iff  token > every token it voted for on that resource
 *             and  it has promised no unexpired lease on it to another holder.
 * A yes records the lease with an expiry on this node's own monotonic
 * clock, which clock faults on the node's wall clock do not move (a lease
 * timed on the wall clock ends early when that clock jumps forward or runs
 * fast, and this node would then promise it to a second holder). Pure:
 * the clock is injected; the entry point persists `snapshot()` before it
 * answers, so a restart never forgets a vote, and a restarted node holds
 * each saved promise for a whole TTL from its start (vote-state-file.ts).
 */

/** A promised lease. `expiresAtMs` is on this node's monotonic clock; `ttlMs` is the lease asked for. */
export interface Promised {
  readonly holder: string;
  readonly token: bigint;
  readonly ttlMs: number;
  readonly expiresAtMs: number;
}

/** What an acceptor remembers per resource. */
export interface ResourceVotes {
  /** The highest token voted for (granted or not). */
  readonly highest: bigint;
  readonly lease?: Promised;
}

/** A proposal sent by a coordinator. */
export interface Proposal {
  readonly resource: string;
  readonly token: bigint;
  readonly holder: string;
  readonly ttlMs: number;
}

/** An acceptor's answer to a proposal. */
export type Vote =
  | { readonly kind: "yes" }
  | { readonly kind: "stale-token"; readonly highest: bigint }
  | { readonly kind: "busy"; readonly highest: bigint; readonly holder: string; readonly remainingMs: number };

/** An acceptor's answer to a release: whether it dropped the lease, or why not. */
export type ReleaseVote = "released" | "absent" | "other-holder";

/** The vote state of one node. */
export interface Acceptor {
  /** Votes on a proposal, recording the promise on yes. */
  vote(proposal: Proposal): Vote;
  /**
   * Drops the lease if `holder` holds it with `token`: "released"; "absent"
   * when no unexpired lease with that token is promised here (expired,
   * released, or never voted); "other-holder" when another lease is live.
   */
  release(resource: string, holder: string, token: bigint): ReleaseVote;
  /** The highest token voted for on `resource` (0 when none). */
  highest(resource: string): bigint;
  /** A copy of the state, to persist. */
  snapshot(): ReadonlyMap<string, ResourceVotes>;
}

/** Creates an acceptor over `initial` state (from disk) and the node's clock. */
export function createAcceptor(nowMs: () => number, initial?: ReadonlyMap<string, ResourceVotes>): Acceptor {
  const state = new Map(initial ?? []);

  function live(resource: string, now: number): Promised | undefined {
    const lease = state.get(resource)?.lease;
    return lease !== undefined && lease.expiresAtMs > now ? lease : undefined;
  }

  return {
    vote({ resource, token, holder, ttlMs }) {
      const now = nowMs();
      const highest = state.get(resource)?.highest ?? 0n;
      if (token <= highest) return { kind: "stale-token", highest };
      const held = live(resource, now);
      // The same holder may supersede its own promise (a retried acquire); nobody else may.
      if (held !== undefined && held.holder !== holder) {
        return { kind: "busy", highest, holder: held.holder, remainingMs: held.expiresAtMs - now };
      }
      state.set(resource, { highest: token, lease: { holder, token, ttlMs, expiresAtMs: now + ttlMs } });
      return { kind: "yes" };
    },
    release(resource, holder, token) {
      const held = live(resource, nowMs());
      // A lower live token means this node never saw the vote for `token`.
      if (held === undefined || held.token < token) return "absent";
      if (held.token > token || held.holder !== holder) return "other-holder";
      state.set(resource, { highest: state.get(resource)?.highest ?? token });
      return "released";
    },
    highest: (resource) => state.get(resource)?.highest ?? 0n,
    snapshot: () => new Map(state),
  };
}
