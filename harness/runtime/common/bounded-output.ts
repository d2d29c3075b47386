/**
 * What a peer's command prints, kept up to a bound: a host, a container or
 * a service under test can print without end, and the harness must not
 * hold all of it. Past the bound nothing more is kept, and the owner ends
 * the source (closes the channel, kills the command) and says so in one line.
 */

/** The most a one-off command's stdout or stderr keeps: 16 MiB each. */
export const MAX_COMMAND_OUTPUT_BYTES = 16 * 1024 * 1024;

/** One stream's output, kept up to its bound. */
export interface BoundedOutput {
  /** Keeps `chunk` (a Buffer's bytes, or a string's UTF-8 bytes); returns false, keeping nothing more, once past the bound. */
  push(chunk: Buffer | string): boolean;
  /** What was kept, as UTF-8 text. */
  text(): string;
  /** True once the stream went past the bound. */
  readonly over: boolean;
}

/** A collector that keeps at most `maxBytes`. Pure apart from its own state. */
export function boundedOutput(maxBytes = MAX_COMMAND_OUTPUT_BYTES): BoundedOutput {
  const chunks: Buffer[] = [];
  let kept = 0;
  let over = false;
  return {
    push(chunk) {
      if (over) return false;
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      if (kept + bytes.length > maxBytes) {
        chunks.push(bytes.subarray(0, maxBytes - kept));
        kept = maxBytes;
        over = true;
        return false;
      }
      chunks.push(bytes);
      kept += bytes.length;
      return true;
    },
    text: () => Buffer.concat(chunks).toString("utf8"),
    get over() {
      return over;
    },
  };
}

/** The one line that says a command's output was cut. Pure. */
export function outputCutLine(stream: "stdout" | "stderr", maxBytes: number): string {
  return `fencecheck: stopped reading the command's ${stream} past ${maxBytes} bytes`;
}
