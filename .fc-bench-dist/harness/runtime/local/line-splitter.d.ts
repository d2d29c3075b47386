/**
 * Splits a stream of text chunks into lines, for line-delimited protocols.
 */
/** Feeds chunks in, hands complete lines out. */
export interface LineSplitter {
    /** Adds a chunk; calls the listener once per complete line ("\n" or "\r\n" removed). */
    push(chunk: string): void;
    /** Flushes a last line that had no newline, if any. */
    end(): void;
}
/** Creates a splitter that calls `onLine` with each line, in order. Pure apart from the callback. */
export declare function createLineSplitter(onLine: (line: string) => void): LineSplitter;
