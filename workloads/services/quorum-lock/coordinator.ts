/**
 * The coordinator of the quorum lock: the replica a client's request reached.
 * It proposes (resource, token = highest token it knows + 1, holder, ttl) to
 * every acceptor, itself included, and grants only with `quorum` yes votes.
 *
 * Why this is safe with intersecting quorums (quorum > nodes / 2): two
 * majorities of the same set always share a member. Take two grants of one
 * resource, each ratified by a quorum; some acceptor A voted for both. A
 * votes only for tokens above every token it voted for, so the two tokens
 * differ (unique tokens), and A's order of voting is their token order; a
 * grant that completed before another was requested was voted on by A first,
 * so it has the lower token (tokens increase in grant order). A also refuses
 * to vote while it has promised an unexpired lease to another holder, so the
 * second grant waited until the first lease expired on A's clock (which
 * started no earlier than the first request) or was released: no two
 * unexpired grants. Everything else here is bookkeeping on top of that.
 *
 * Where non-intersecting quorums break it (quorum <= nodes / 2, e.g. 2 of 4
 * cut 2|2): two coordinators can each collect a quorum from disjoint sets of
 * acceptors. No acceptor sees both proposals, so neither the token check nor
 * the busy check ever runs against the other: both sides hand out the same
 * next token, to different holders, while both leases are live.
 */
import type { Proposal, ReleaseVote, Vote } from "./acceptor.js";
import { collectUntil } from "./collect-until.js";
import { decodeReleaseVote, decodeVote, encodeProposal } from "./wire.js";

/** This node's own acceptor, wrapped so that every change is persisted before it returns. */
export interface LocalAcceptor {
  vote(proposal: Proposal): Vote;
  release(resource: string, holder: string, token: bigint): ReleaseVote;
  highest(resource: string): bigint;
}

/** Sends one JSON request to a peer; resolves its answer body, rejects when no answer arrived. */
export type PeerCall = (path: "/peer/vote" | "/peer/release", body: unknown) => Promise<unknown>;

/** What a coordinator needs. */
export interface CoordinatorDeps {
  readonly local: LocalAcceptor;
  /** The other acceptors (replicas and witnesses), each with its own time-out. */
  readonly peers: readonly PeerCall[];
  /** Yes votes needed for a grant or acks for a release, this node's own included. */
  readonly quorum: number;
}

/** The outcome of an acquire. */
export type CoordinatedAcquire =
  | { readonly kind: "granted"; readonly token: bigint; readonly votes: number }
  | { readonly kind: "busy"; readonly holder: string; readonly votes: number }
  | { readonly kind: "no-quorum"; readonly votes: number; readonly answered: number };

/** The outcome of a release; "unavailable" may have released on some acceptors. */
export type CoordinatedRelease = "released" | "not-holder" | "unavailable";

/** A coordinator. */
export interface Coordinator {
  acquire(resource: string, holder: string, ttlMs: number): Promise<CoordinatedAcquire>;
  release(resource: string, holder: string, token: bigint): Promise<CoordinatedRelease>;
}

const MAX_ROUNDS = 3;

/** Creates a coordinator over this node's acceptor and its peers. */
export function createCoordinator(deps: CoordinatorDeps): Coordinator {
  const { local, peers, quorum } = deps;

  async function round(proposal: Proposal): Promise<readonly (Vote | undefined)[]> {
    const asks = [
      Promise.resolve(local.vote(proposal)),
      ...peers.map((call) => call("/peer/vote", encodeProposal(proposal)).then(decodeVote)),
    ];
    // Answer as soon as a quorum said yes; a partitioned peer does not hold up a grant.
    return collectUntil(asks, (votes) => votes.filter((v) => v?.kind === "yes").length >= quorum);
  }

  async function acquire(resource: string, holder: string, ttlMs: number): Promise<CoordinatedAcquire> {
    let known = local.highest(resource);
    for (let r = 1; ; r++) {
      const token = known + 1n;
      const votes = await round({ resource, token, holder, ttlMs });
      const yes = votes.filter((v) => v?.kind === "yes").length;
      if (yes >= quorum) return { kind: "granted", token, votes: yes };
      if (yes > 0) void release(resource, holder, token).catch(() => undefined);
      const answered = votes.filter(Boolean).length;
      // Too few answers to ever make a quorum: unavailable, whatever the answers said.
      if (answered < quorum) return { kind: "no-quorum", votes: yes, answered };
      const busy = votes.find((v): v is Extract<Vote, { kind: "busy" }> => v?.kind === "busy");
      if (busy) return { kind: "busy", holder: busy.holder, votes: yes };
      const stale = votes.flatMap((v) => (v?.kind === "stale-token" ? [v.highest] : []));
      if (stale.length === 0 || r >= MAX_ROUNDS) return { kind: "no-quorum", votes: yes, answered };
      known = stale.reduce((a, b) => (b > a ? b : a), known);
    }
  }

  async function release(resource: string, holder: string, token: bigint): Promise<CoordinatedRelease> {
    const body = { resource, holder, token: token.toString() };
    const asks = [
      Promise.resolve(local.release(resource, holder, token)),
      ...peers.map((call) => call("/peer/release", body).then(decodeReleaseVote)),
    ];
    const acked = (v: ReleaseVote | undefined): boolean => v === "released" || v === "absent";
    const answers = await collectUntil(asks, (vs) => vs.filter(acked).length >= quorum);
    const released = answers.filter((v) => v === "released").length;
    if (answers.filter(acked).length >= quorum) return released > 0 ? "released" : "not-holder";
    return released === 0 && answers.includes("other-holder") ? "not-holder" : "unavailable";
  }

  return { acquire, release };
}
