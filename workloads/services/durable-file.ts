/** Durable small-file writes for our services' state. */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";

/**
 * Replaces `path` with `text` so that a crash leaves either the old or the
 * new content: writes a temp file, fsyncs it, renames it over the old one.
 */
export function writeFileDurably(path: string, text: string): void {
  const temp = `${path}.tmp`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}
