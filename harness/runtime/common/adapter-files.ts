/**
 * What of a user's adapter module goes where its clients and service run
 * (the ssh hosts, the docker runtime's containers): the module and the
 * files its `files` declares (workloads/adapters/lock-adapter.ts), or,
 * without a declaration, the module's whole folder, which is refused when
 * it is a home folder (run from $HOME, the module would ship the home
 * folder) or holds more than ADAPTER_FOLDER_MAX_BYTES, one line each.
 */
import { lstatSync, readdirSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { HarnessError } from "../../../core/index.js";

/** The most an undeclared adapter folder may hold: 256 MiB. */
export const ADAPTER_FOLDER_MAX_BYTES = 256 * 1024 * 1024;

/** What to send: `dir`, and the paths in it (relative) that go, or undefined for the whole folder. */
export interface AdapterShare {
  readonly dir: string;
  readonly files: readonly string[] | undefined;
}

/** Where home folders are, and the size bound; injected by tests. */
export interface ShareLimits {
  readonly homes: readonly string[];
  readonly maxBytes: number;
  /** Left out of the folder's size (the store, when it lies inside). */
  readonly skip?: string;
}

/** The home folders of this machine: the user's own, /root and every /home/<name>. */
export function homeFolders(): string[] {
  let users: string[] = [];
  try {
    users = readdirSync("/home").map((name) => join("/home", name));
  } catch {
    // No /home: only the user's own and root's.
  }
  return [homedir(), "/root", ...users];
}

/**
 * What of the module at `modulePath` (absolute) to send, given its
 * declared `files`. Throws "adapter.invalid" with one line for an
 * undeclared folder that is a home folder (or the file system's root), or
 * that holds more than `limits.maxBytes`.
 */
export function adapterShare(modulePath: string, declared: readonly string[] | undefined, limits: ShareLimits = { homes: homeFolders(), maxBytes: ADAPTER_FOLDER_MAX_BYTES }): AdapterShare {
  const dir = dirname(modulePath);
  if (declared !== undefined) return { dir, files: [...new Set([basename(modulePath), ...declared])] };
  const real = realOf(dir);
  if (real === "/" || limits.homes.some((home) => realOf(home) === real)) {
    throw new HarnessError("adapter.invalid", `Cannot copy the adapter's folder "${dir}": it is a home folder (declare the files the module needs in its "files", or move it into a folder of its own)`);
  }
  if (folderBytes(dir, limits.maxBytes, limits.skip) > limits.maxBytes) {
    throw new HarnessError("adapter.invalid", `Cannot copy the adapter's folder "${dir}": it holds more than ${limits.maxBytes / (1024 * 1024)} MiB (declare the files the module needs in its "files")`);
  }
  return { dir, files: undefined };
}

/** The absolute paths of what a share sends (the folder itself when undeclared). Pure. */
export function sharedPaths(share: AdapterShare): string[] {
  return share.files === undefined ? [share.dir] : share.files.map((f) => join(share.dir, f));
}

/** The bytes of the files under `dir` (links not followed, `skip` left out), counted until past `bound`. */
function folderBytes(dir: string, bound: number, skip: string | undefined): number {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0 && total <= bound) {
    const folder = pending.pop() as string;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (skip !== undefined && relative(skip, path) === "") continue;
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) total += lstatSync(path).size;
    }
  }
  return total;
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
