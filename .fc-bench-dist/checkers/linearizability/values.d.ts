/** A value a model can compare with `===`. */
export type Scalar = string | number | bigint | boolean | null;
/** The canonical scalar for any parsed value (undefined is absent, like null). */
export declare function canonical(value: unknown): Scalar;
/** The readable form of a canonical scalar (inverse of `canonical` for display). */
export declare function scalarText(value: Scalar): string;
/**
 * A 32-bit hash of a scalar. Long strings are hashed by their length and
 * last 32 characters: equal strings still hash alike, and appends (the
 * common way a string state grows) still change the hash.
 */
export declare function hashScalar(value: Scalar): number;
/** FNV-1a over at most the last 32 characters, mixed with the length. */
export declare function hashString(s: string): number;
