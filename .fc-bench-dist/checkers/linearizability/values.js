/**
 * Values as models hold them: scalars compared with `===`. Composite values
 * (vectors, maps) are turned into a canonical string once, when a history is
 * converted, so states stay cheap to compare and hash.
 */
import { mix32 } from "./bitset.js";
const COMPOSITE = "\u0001";
/** The canonical scalar for any parsed value (undefined is absent, like null). */
export function canonical(value) {
    if (value === undefined || value === null)
        return null;
    if (typeof value === "number")
        return Object.is(value, -0) ? 0 : value;
    if (typeof value === "string" || typeof value === "bigint" || typeof value === "boolean")
        return value;
    return COMPOSITE + stableText(value);
}
/** The readable form of a canonical scalar (inverse of `canonical` for display). */
export function scalarText(value) {
    if (value === null)
        return "nil";
    if (typeof value === "string")
        return value.startsWith(COMPOSITE) ? value.slice(1) : JSON.stringify(value);
    return String(value);
}
function stableText(value) {
    if (value === null || value === undefined)
        return "null";
    if (typeof value === "bigint")
        return value.toString();
    if (Array.isArray(value))
        return `[${value.map(stableText).join(",")}]`;
    if (typeof value === "object") {
        const keys = Object.keys(value).sort();
        const o = value;
        return `{${keys.map((k) => `${JSON.stringify(k)}:${stableText(o[k])}`).join(",")}}`;
    }
    return JSON.stringify(value) ?? String(value);
}
/**
 * A 32-bit hash of a scalar. Long strings are hashed by their length and
 * last 32 characters: equal strings still hash alike, and appends (the
 * common way a string state grows) still change the hash.
 */
export function hashScalar(value) {
    switch (typeof value) {
        case "number":
            return Number.isInteger(value) ? mix32(value ^ Math.floor(value / 4294967296)) : hashString(String(value));
        case "string":
            return hashString(value);
        case "bigint":
            return mix32(Number(BigInt.asIntN(32, value)) ^ 0x5bd1e995);
        case "boolean":
            return value ? 0x1234567 : 0x7654321;
        default:
            return 0x2545f491;
    }
}
/** FNV-1a over at most the last 32 characters, mixed with the length. */
export function hashString(s) {
    let h = 0x811c9dc5 ^ s.length;
    for (let i = Math.max(0, s.length - 32); i < s.length; i++) {
        h ^= s.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
    }
    return mix32(h);
}
//# sourceMappingURL=values.js.map