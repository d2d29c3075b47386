/**
 * The folders fencecheck keeps for itself, on this machine and on the ssh
 * hosts: each is made (mode 0700 unless told) when absent, and before each
 * use checked to be a real folder, not a symbolic link, owned by the user
 * the harness runs as (root) and writable by no group and no other user.
 * A folder another user made first, to have root unpack, run or append
 * through what that user controls, is refused with one line naming it.
 * `ownedFolder` checks here; `OWNED_FOLDER_SH` is the same check as a
 * POSIX sh function for the hosts, with the same words.
 *
 * On this machine the harness's own state lives in `controlStateRoot()`:
 * /var/lib/fencecheck as root (it survives a reboot, unlike /run, and
 * unlike /tmp no other user may create it first), or
 * ~/.local/state/fencecheck for a user who is not root.
 */
import { lstatSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { HarnessError } from "../../../core/index.js";

/** The state root on the ssh hosts, and on this machine when the harness runs as root. */
export const ROOT_STATE_DIR = "/var/lib/fencecheck";

/** What the check needs to know of a path (from lstat). */
export interface FolderFacts {
  readonly symlink: boolean;
  readonly directory: boolean;
  readonly uid: number;
  readonly mode: number;
}

/** Why `path` must not be used by a harness running as `uid`, or undefined when it may. Pure. */
export function folderRefusal(path: string, facts: FolderFacts, uid: number): string | undefined {
  const cannot = `Cannot use the folder "${path}"`;
  if (facts.symlink) return `${cannot}: it is a symbolic link (remove it: fencecheck makes its own folder there)`;
  if (!facts.directory) return `${cannot}: it is not a folder`;
  if (facts.uid !== uid) return `${cannot}: it is owned by uid ${facts.uid}, not by ${ownerName(uid)} (another user may have made it first: remove it)`;
  if ((facts.mode & 0o022) !== 0) return `${cannot}: it is writable by its group or by every user (mode ${(facts.mode & 0o7777).toString(8)}: chmod go-w it, or remove it)`;
  return undefined;
}

/** The effective uid of this process (0 where the platform has none). */
export function effectiveUid(): number {
  return process.geteuid?.() ?? 0;
}

/**
 * Makes `path` (mode `mode`, default 0700; its parent must exist) unless it
 * exists, then checks it (see the module comment); returns `path`. Throws
 * "config.invalid" with the one refusal line, or "store.write-failed" when
 * it cannot be made or read.
 */
export function ownedFolder(path: string, opts: { readonly mode?: number; readonly uid?: number } = {}): string {
  try {
    mkdirSync(path, { mode: opts.mode ?? 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw new HarnessError("store.write-failed", `Cannot create the folder "${path}": ${(error as Error).message}`, { cause: error });
  }
  const stat = lstatSync(path);
  const refusal = folderRefusal(path, { symlink: stat.isSymbolicLink(), directory: stat.isDirectory(), uid: stat.uid, mode: stat.mode }, opts.uid ?? effectiveUid());
  if (refusal !== undefined) throw new HarnessError("config.invalid", refusal);
  return path;
}

/**
 * `ownedFolder` for `root` and then each folder below it down to
 * `root/parts...`, so nothing on the way is someone else's; returns the
 * last. `root`'s own parents are made when missing (mode 0700).
 */
export function ownedPath(root: string, parts: readonly string[], opts: { readonly mode?: number; readonly uid?: number } = {}): string {
  mkdirSync(join(root, ".."), { recursive: true, mode: 0o700 });
  let path = ownedFolder(root, opts);
  for (const part of parts) path = ownedFolder(join(path, part), opts);
  return path;
}

/** This machine's state root for a harness running as `uid` (see the module comment). Pure but for the home folder. */
export function controlStateRoot(uid = effectiveUid()): string {
  return uid === 0 ? ROOT_STATE_DIR : join(homedir(), ".local", "state", "fencecheck");
}

/**
 * The check as a POSIX sh function, `owned_folder <path> [<mode>]`: makes the
 * folder (mode 0700 unless given; its parent must exist) unless it exists, and returns
 * 1 with the refusal line on stderr when it is a symbolic link, not a
 * folder, not owned by the shell's user, or writable by group or others.
 */
export const OWNED_FOLDER_SH = [
  "owned_folder() {",
  '  mkdir -m "${2:-700}" "$1" 2>/dev/null',
  '  if [ -L "$1" ]; then echo "Cannot use the folder \\"$1\\": it is a symbolic link (remove it: fencecheck makes its own folder there)" >&2; return 1; fi',
  '  if [ ! -d "$1" ]; then echo "Cannot use the folder \\"$1\\": it is not a folder" >&2; return 1; fi',
  '  set -- "$1" "$(stat -c %u "$1")" "$(stat -c %A "$1")" "$(stat -c %a "$1")" "$(id -u)"',
  '  if [ "$2" != "$5" ]; then echo "Cannot use the folder \\"$1\\": it is owned by uid $2, not by $([ "$5" = 0 ] && echo root || echo "uid $5") (another user may have made it first: remove it)" >&2; return 1; fi',
  '  case "$3" in ?????w*|????????w*) echo "Cannot use the folder \\"$1\\": it is writable by its group or by every user (mode $4: chmod go-w it, or remove it)" >&2; return 1;; esac',
  "}",
].join("\n");

function ownerName(uid: number): string {
  return uid === 0 ? "root" : `uid ${uid}`;
}
