/**
 * A stream (the agent's stdin) split into lines as its chunks arrive, with
 * no promise or event per line (readline's async iterator cost every
 * request one of each). `first` reads one line on its own (the agent's
 * configuration, when it comes on stdin); `each` hands every later line to
 * a handler, those read meanwhile first, and resolves when the stream ends.
 */
export interface LineReader {
  /** The next line, or undefined when the stream ended first. */
  first(): Promise<string | undefined>;
  /** Calls `onLine` for every line not taken yet, in order; resolves once the stream has ended. */
  each(onLine: (line: string) => void): Promise<void>;
}

/** Starts reading `input` (utf-8) at once; lines wait until `first` or `each` takes them. */
export function readLines(input: NodeJS.ReadableStream): LineReader {
  const waiting: string[] = [];
  let taker: ((line: string | undefined) => void) | undefined;
  let handler: ((line: string) => void) | undefined;
  let ended = false;
  let onEnd: () => void = () => undefined;
  const push = (line: string): void => {
    const take = taker;
    taker = undefined;
    if (take) take(line);
    else if (handler) handler(line);
    else waiting.push(line);
  };
  let partial = "";
  input.setEncoding("utf8");
  input.on("data", (chunk: string) => {
    partial += chunk;
    for (let newline = partial.indexOf("\n"); newline >= 0; newline = partial.indexOf("\n")) {
      const line = partial.slice(0, newline);
      partial = partial.slice(newline + 1);
      push(line.endsWith("\r") ? line.slice(0, -1) : line);
    }
  });
  input.on("end", () => {
    if (partial !== "") push(partial);
    ended = true;
    taker?.(undefined);
    onEnd();
  });
  return {
    first: () => (waiting.length > 0 ? Promise.resolve(waiting.shift()) : ended ? Promise.resolve(undefined) : new Promise((resolve) => (taker = resolve))),
    each(onLine) {
      handler = onLine;
      for (const line of waiting.splice(0)) onLine(line);
      return ended ? Promise.resolve() : new Promise((resolve) => (onEnd = resolve));
    },
  };
}
