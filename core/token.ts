/**
 * Fencing tokens and revisions can exceed 2^53, so they travel as decimal
 * strings and are compared as bigints.
 */
export type Token = string;

/** Normalizes a token from an adapter (string, bigint or safe integer) to a decimal string. */
export function toToken(raw: unknown): Token | undefined {
  if (typeof raw === "bigint") return raw.toString();
  if (typeof raw === "number" && Number.isSafeInteger(raw)) return String(raw);
  if (typeof raw === "string" && /^-?\d+$/.test(raw)) return BigInt(raw).toString();
  return undefined;
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareTokens(a: Token, b: Token): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
