/**
 * Test help: fills a small disk (a tmpfs the test mounts) on purpose, so a
 * test can watch what a run or a runtime does when its writes fail. Needs
 * root to mount.
 */
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { NodeProcess } from "../../../core/index.js";

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

/** A Node program that prints a 4 KiB line every 5 ms: its log outgrows a small disk's last page at once. */
export const CHATTER = "setInterval(()=>console.log('x'.repeat(4096)),5)";

/**
 * Mounts a 256 KiB tmpfs in `parent`, starts (with `start`) a program
 * logging to a file on it, fills the disk, and waits up to 5 s for
 * `failed()`; then kills the program and unmounts (lazily: the log may
 * still be open). Resolves with the log's path.
 */
export async function logOnFullDisk(parent: string, start: (logFile: string) => Promise<NodeProcess>, failed: () => boolean): Promise<string> {
  const disk = join(parent, "full");
  mkdirSync(disk);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk]);
  try {
    const logFile = join(disk, "chatter.log");
    const proc = await start(logFile);
    fillDisk(join(disk, "filler"));
    for (let waited = 0; !failed() && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    proc.signal("SIGKILL");
    await proc.exited;
    return logFile;
  } finally {
    execFileSync("umount", ["--lazy", disk]);
  }
}
