/**
 * Test help: fills a small disk (a tmpfs the test mounted) on purpose, so a
 * test can watch what a run or a runtime does when its writes fail.
 */
import { closeSync, openSync, writeSync } from "node:fs";

/** Writes zeros into `path` until its disk is full (ENOSPC). */
export function fillDisk(path: string): void {
  const fd = openSync(path, "w");
  const chunk = Buffer.alloc(16 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: full
  } finally {
    closeSync(fd);
  }
}
