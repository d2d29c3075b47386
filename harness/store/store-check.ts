/**
 * The store is checked before anything starts: it must be a directory the
 * harness can create files in. Missing folders are created one level at a
 * time (Node's recursive mkdir spins forever at 100% CPU on paths such as
 * /proc/nope, deaf to signals), and any refusal is one `store.invalid`
 * error naming the path and why (exit 254).
 */
import { closeSync, mkdirSync, openSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { HarnessError } from "../../core/index.js";

/** Makes sure `storeDir` exists and takes new files; throws `store.invalid` naming the path and why. */
export function checkStore(storeDir: string): void {
  const store = resolve(storeDir);
  const missing: string[] = [];
  let existing = store;
  while (!isPresent(existing, store)) {
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) refuse(store, `"${existing}" is a file, not a directory`);
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      refuse(store, `cannot create directory "${dir}" (${codeOf(error)})`);
    }
  }
  const probe = join(store, `.fencecheck-store-check.${process.pid}`);
  try {
    closeSync(openSync(probe, "wx"));
    rmSync(probe, { force: true });
  } catch (error) {
    refuse(store, `cannot create files in it (${codeOf(error)})`);
  }
}

/** True when `path` exists; a path through a file is refused at once. */
function isPresent(path: string, store: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOTDIR") refuse(store, `a part of the path is a file, not a directory`);
    if (code !== "ENOENT") refuse(store, `cannot look at "${path}" (${code})`);
    return false;
  }
}

function refuse(store: string, why: string): never {
  throw new HarnessError("store.invalid", `Cannot use store "${store}": ${why}`);
}

function codeOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code === "EROFS" ? "EROFS: read-only file system" : e.code === "EACCES" ? "EACCES: permission denied" : e.code === "ENOSPC" ? "ENOSPC: no space left on device" : e.code ?? String(error);
}
