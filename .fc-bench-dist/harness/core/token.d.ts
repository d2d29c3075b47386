/**
 * Fencing tokens and revisions can exceed 2^53, so they travel as decimal
 * strings and are compared as bigints.
 */
export type Token = string;
/** Normalizes a token from an adapter (string, bigint or safe integer) to a decimal string. */
export declare function toToken(raw: unknown): Token | undefined;
/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export declare function compareTokens(a: Token, b: Token): number;
