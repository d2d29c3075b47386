/**
 * A node's log file on the harness host: opened for appending with a
 * header line, and (for runtimes whose programs' output comes back through
 * the harness: containers, SSH hosts) written as a stream. Any failure to
 * write it, a full disk or a stream closed under it, names the file.
 *
 * A log lies in the node's folder, where the node's own programs write
 * too: it is opened without following a symbolic link in its place
 * (O_NOFOLLOW), so a service that swaps its log for a link to a file of
 * the host does not get root to append to that file. The same goes for
 * any file the harness rewrites where nodes can write (`writeNoFollow`).
 */
import { closeSync, constants, createWriteStream, fchmodSync, mkdirSync, openSync, writeSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";
import { finished } from "node:stream";
import { HarnessError, messageOf } from "../../../core/index.js";

/** The error a log that cannot be written gives: "store.write-failed" naming the file. */
export function logWriteError(logFile: string, error: unknown): HarnessError {
  return new HarnessError("store.write-failed", `Cannot write "${logFile}": ${messageOf(error)}`, { cause: error });
}

/** open(2) flags for appending to a log that may not be a symbolic link. */
export const APPEND_NO_FOLLOW = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;

/** Writes `data` as the whole of `path` (mode `mode`, default 0644), refusing (ELOOP) a symbolic link in its place. */
export function writeNoFollow(path: string, data: string | Uint8Array, mode = 0o644): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, mode);
  try {
    fchmodSync(fd, mode);
    if (typeof data === "string") writeSync(fd, data);
    else writeSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens `logFile` for appending (its folder made first; never through a
 * symbolic link in its place) and writes `header`
 * as its first line; returns the file descriptor. Throws the
 * "store.write-failed" error naming the file when it cannot.
 */
export function openLogFd(logFile: string, header: string): number {
  let fd: number | undefined;
  try {
    mkdirSync(dirname(logFile), { recursive: true });
    fd = openSync(logFile, APPEND_NO_FOLLOW, 0o644);
    writeSync(fd, `${header}\n`);
    return fd;
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    throw logWriteError(logFile, error);
  }
}

/**
 * A write stream over an open log (it closes `fd` when it ends). Its first
 * error calls `onFailure` once with the error naming `logFile`; the harness
 * never crashes on it. The run is expected to end on that call.
 */
export function logStream(fd: number, logFile: string, onFailure: (error: HarnessError) => void): WriteStream {
  const stream = createWriteStream(logFile, { fd });
  let failed = false;
  stream.on("error", (error) => {
    if (failed) return;
    failed = true;
    onFailure(logWriteError(logFile, error));
  });
  return stream;
}

/** Passes on the first failure only (a full disk fails every log at once); none when nobody listens. */
export function firstFailureTo(onFailure: ((error: HarnessError) => void) | undefined): (error: HarnessError) => void {
  let told = false;
  return (error) => {
    if (told) return;
    told = true;
    onFailure?.(error);
  };
}

/**
 * Ends `log` and settles once what was written to it is in the file (or its
 * stream failed, which `logStream` reported): a process's `exited` waits for
 * it, so a start failure's message can quote the log's last line.
 */
export function endLog(log: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    finished(log, () => resolve());
    log.end();
  });
}
