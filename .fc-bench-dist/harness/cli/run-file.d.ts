/** Options as commander holds them: strings, booleans, and the repeatable faultOpt list. */
export type RawOptions = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
/**
 * Merges a parsed run file under the command-line options: a key comes
 * from the file unless it is in `fromCli`. `faultOpt` entries of the file
 * come first, so the command line's win. Throws "config.invalid" for a file
 * that is not an object, an unknown key, or a value of the wrong type.
 */
export declare function mergeRunFile<T extends RawOptions>(opts: T, file: unknown, ctx: {
    known: readonly string[];
    fromCli: ReadonlySet<string>;
}): T;
