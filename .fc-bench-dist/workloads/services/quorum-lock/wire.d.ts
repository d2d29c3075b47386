/**
 * The quorum lock's peer messages as JSON: tokens travel as decimal strings
 * (they may exceed 2^53). Decoders turn anything unreadable into undefined,
 * which the coordinator counts as no answer.
 */
import type { Proposal, ReleaseVote, Vote } from "./acceptor.js";
/** A proposal as JSON. */
export declare function encodeProposal(p: Proposal): Record<string, unknown>;
/** Reads a proposal from a request body; undefined when malformed. */
export declare function decodeProposal(body: unknown): Proposal | undefined;
/** A vote as JSON. */
export declare function encodeVote(v: Vote): Record<string, unknown>;
/** Reads a vote from a peer's answer; undefined when it is not one. */
export declare function decodeVote(body: unknown): Vote | undefined;
/** Reads a release vote from a peer's answer; undefined when it is not one. */
export declare function decodeReleaseVote(body: unknown): ReleaseVote | undefined;
/** Reads a decimal token string as a bigint; undefined when it is not one. */
export declare function bigintOf(x: unknown): bigint | undefined;
