/** Durable small-file writes for our services' state. */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";

/**
 * Replaces `path` with `text` so that a crash of the machine leaves either
 * the old or the new content: writes a temp file, fsyncs it, renames it over
 * the old one.
 */
export function writeFileDurably(path: string, text: string): void {
  replaceFile(path, text, true);
}

/**
 * Replaces `path` with `text` so that a killed process (SIGKILL, the kill
 * faults) leaves either the old or the new content: writes a temp file and
 * renames it over the old one, without fsync. What the process wrote is in
 * the kernel's page cache, which outlives the process; only a crash or power
 * loss of the whole machine, which no fault here injects, could lose it.
 */
export function writeFileAtomically(path: string, text: string): void {
  replaceFile(path, text, false);
}

function replaceFile(path: string, text: string, sync: boolean): void {
  const temp = `${path}.tmp`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, text);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

/**
 * Group commit: joins the saves asked for before the event loop next turns
 * into one `save`, run then. Every caller resolves (or rejects) with a save
 * that began after its call, so state it changed before calling is durable
 * when its promise resolves. Requests that arrive while a save blocks the
 * loop join the next one, so the cost of a save is shared under load.
 */
export function groupCommit(save: () => void): () => Promise<void> {
  let next: Promise<void> | undefined;
  return () => {
    next ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        next = undefined;
        try {
          save();
          resolve();
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    return next;
  };
}
