/**
 * Standard output and error written with write(2) from this thread, for a
 * command that prints a few lines and ends (`check`): Node's process.stdout
 * on a pipe is a socket stream, whose start compiles Node's stream and
 * network modules (measured: as many instructions as half of all the rest
 * a small check adds to Node's own start). Each text is written whole,
 * in order. When the pipe cannot take it now (EAGAIN: a non-blocking pipe
 * that is full), the rest of it and every later text go through Node's
 * stream instead, which waits for the reader; a closed pipe (EPIPE) ends
 * that output, as the CLI's handler of process.stdout's EPIPE does.
 */
import { writeSync } from "node:fs";
import type { CliIo } from "./io.js";

/** What the writers use: write(2) on a descriptor, and the stream to fall back on. */
export interface SyncIoDeps {
  readonly write: (fd: number, bytes: Uint8Array, offset: number) => number;
  readonly stream: (fd: 1 | 2) => Pick<NodeJS.WriteStream, "write" | "on">;
}

const REAL: SyncIoDeps = {
  write: (fd, bytes, offset) => writeSync(fd, bytes, offset),
  stream: (fd) => (fd === 1 ? process.stdout : process.stderr),
};

/** A `CliIo` on descriptors 1 and 2; `isTty` asks process.stdout only when read. */
export function syncIo(deps: SyncIoDeps = REAL): CliIo {
  return {
    out: writer(1, deps),
    err: writer(2, deps),
    get isTty() {
      return process.stdout.isTTY === true;
    },
  };
}

function writer(fd: 1 | 2, deps: SyncIoDeps): (text: string) => void {
  let mode: "sync" | "stream" | "closed" = "sync";
  const toStream = (bytes: Uint8Array): void => {
    if (mode !== "stream") {
      mode = "stream";
      deps.stream(fd).on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE") throw error;
      });
    }
    deps.stream(fd).write(bytes);
  };
  return (text) => {
    if (mode === "closed") return;
    const bytes = Buffer.from(text);
    if (mode === "stream") return toStream(bytes);
    for (let at = 0; at < bytes.length; ) {
      try {
        at += deps.write(fd, bytes, at);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EPIPE") mode = "closed";
        else if (code === "EAGAIN") toStream(bytes.subarray(at));
        else throw error;
        return;
      }
    }
  };
}
