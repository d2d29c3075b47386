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
export function createLineSplitter(onLine: (line: string) => void): LineSplitter {
  let pending = "";
  return {
    push(chunk) {
      pending += chunk;
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
        newline = pending.indexOf("\n");
      }
    },
    end() {
      if (pending.length > 0) {
        const line = pending;
        pending = "";
        onLine(line);
      }
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
