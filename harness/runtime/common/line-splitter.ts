/**
 * Splits a stream of text chunks into lines, for line-delimited protocols.
 * What a peer sends is bounded: a line longer than the cap is not kept, it
 * ends the splitting with one error (a program that never sends a newline
 * cannot fill the harness's memory). Each character is looked at once,
 * however the line was cut into chunks.
 */

/** The longest line a splitter keeps by default, in UTF-16 code units: 4 Mi. */
export const MAX_LINE_CHARS = 4 * 1024 * 1024;

/** Feeds chunks in, hands complete lines out. */
export interface LineSplitter {
  /** Adds a chunk; calls the listener once per complete line ("\n" or "\r\n" removed). Ignored once over the cap. */
  push(chunk: string): void;
  /** Flushes a last line that had no newline, if any. */
  end(): void;
}

/** The bound of a splitter, and who hears when a line passes it. */
export interface LineBound {
  /** Default `MAX_LINE_CHARS`. */
  readonly maxLineChars?: number;
  /** Called once, with a one-line reason, when a line passes the cap; nothing is split after it. */
  readonly onOverflow?: (why: string) => void;
}

/** Creates a splitter that calls `onLine` with each line, in order. Pure apart from the callbacks. */
export function createLineSplitter(onLine: (line: string) => void, bound: LineBound = {}): LineSplitter {
  const max = bound.maxLineChars ?? MAX_LINE_CHARS;
  let parts: string[] = [];
  let pending = 0;
  let over = false;
  const emit = (line: string): void => onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  const hold = (text: string): void => {
    pending += text.length;
    if (pending <= max) {
      if (text !== "") parts.push(text);
      return;
    }
    over = true;
    parts = [];
    bound.onOverflow?.(`a line passed ${max} characters without a newline`);
  };
  return {
    push(chunk) {
      if (over) return;
      let from = 0;
      for (let newline = chunk.indexOf("\n"); newline >= 0; newline = chunk.indexOf("\n", from)) {
        hold(chunk.slice(from, newline));
        if (over) return;
        const line = parts.join("");
        parts = [];
        pending = 0;
        emit(line);
        from = newline + 1;
      }
      hold(chunk.slice(from));
    },
    end() {
      if (over || pending === 0) return;
      const line = parts.join("");
      parts = [];
      pending = 0;
      onLine(line);
    },
  };
}

/** Fans lines out to listeners; lines that arrive before the first listener are kept for it. */
export function lineChannel(): { emit(line: string): void; listen(listener: (line: string) => void): void } {
  const listeners: ((line: string) => void)[] = [];
  const early: string[] = [];
  return {
    emit(line) {
      if (listeners.length === 0) early.push(line);
      for (const listener of listeners) listener(line);
    },
    listen(listener) {
      listeners.push(listener);
      for (const line of early.splice(0)) listener(line);
    },
  };
}
