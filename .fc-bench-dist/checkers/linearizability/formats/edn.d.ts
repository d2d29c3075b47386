/**
 * A small EDN reader for Jepsen histories: nil, booleans, numbers (big
 * integers as bigint, `N`/`M` suffixes, ratios as numbers), strings,
 * characters, keywords and symbols (both read as strings without the colon),
 * vectors and lists (arrays), sets (arrays), maps (plain objects keyed by the
 * key's text), tagged literals (the tag is ignored: `#jepsen.history.Op{...}`
 * reads as the map), `#_` discards, `;` comments and commas as whitespace.
 */
/** A syntax error at a 1-based line. */
export declare class EdnSyntaxError extends Error {
    readonly line: number;
    constructor(message: string, line: number);
}
/** A top-level form and the line it starts on. */
export interface EdnForm {
    readonly value: unknown;
    readonly line: number;
}
/** Reads every top-level form of `text`; throws EdnSyntaxError on bad input. */
export declare function readEdnForms(text: string): EdnForm[];
/**
 * Reads the items of a history: when the text is one vector or list, its
 * elements (each with the line it starts on); otherwise the top-level forms.
 */
export declare function readEdnItems(text: string): EdnForm[];
/** Reads one EDN value from `text` (the whole text must be that value). */
export declare function readEdn(text: string): unknown;
