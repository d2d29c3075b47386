/** Normalizes a token from an adapter (string, bigint or safe integer) to a decimal string. */
export function toToken(raw) {
    if (typeof raw === "bigint")
        return raw.toString();
    if (typeof raw === "number" && Number.isSafeInteger(raw))
        return String(raw);
    if (typeof raw === "string" && /^-?\d+$/.test(raw))
        return BigInt(raw).toString();
    return undefined;
}
/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareTokens(a, b) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
}
//# sourceMappingURL=token.js.map