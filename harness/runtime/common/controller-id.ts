/**
 * The controller id: a random name this control machine gives itself once,
 * kept in its state folder, and recorded with every run it starts (the
 * `fencecheck.controller` label of containers and networks, the
 * FENCECHECK_CONTROLLER variable of processes on hosts, the comment of
 * iptables jumps on hosts). `fencecheck clean` without a run id touches
 * only the runs that carry this machine's id, so a host or an engine
 * shared with another controller keeps that controller's runs.
 */
import { closeSync, constants, fstatSync, openSync, readSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { HarnessError } from "../../../core/index.js";
import { controlStateRoot, ownedPath } from "./owned-folder.js";

/** The file holding the id, inside the state folder (mode 0600). */
export const CONTROLLER_ID_FILE = "controller-id";

/** The exact form of a controller id: 16 lowercase hex digits. */
export const CONTROLLER_ID_FORM = /^[0-9a-f]{16}$/;

/** Where the id is and how a new one is drawn. */
export interface ControllerIdOptions {
  /** The state folder; this machine's state root (owned-folder.ts) by default. */
  readonly stateDir?: string;
  /** Random bytes for a new id (8 are asked); node:crypto's by default. */
  readonly random?: (size: number) => Uint8Array;
}

/**
 * This machine's controller id: read from `<stateDir>/controller-id`, or
 * drawn and written there (O_EXCL, 0600) the first time. The folder is made
 * 0700 when missing; it must be a real folder (not a symlink) owned by the
 * user running fencecheck (root) and writable by no one else, and the file
 * a regular file of that user readable by no one else, holding an id of the
 * exact form: anything else throws "config.invalid" with one line, and
 * nothing is written.
 */
export function controllerId(opts: ControllerIdOptions = {}): string {
  const dir = ownedStateDir(opts.stateDir);
  const file = join(dir, CONTROLLER_ID_FILE);
  const fresh = Buffer.from((opts.random ?? randomBytes)(8)).toString("hex");
  if (!CONTROLLER_ID_FORM.test(fresh)) throw new HarnessError("internal", "Cannot draw a controller id: the random source gave fewer than 8 bytes");
  try {
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      writeSync(fd, `${fresh}\n`);
    } finally {
      closeSync(fd);
    }
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readControllerId(file);
}

/**
 * The control machine's state folder (`stateDir`, this machine's state root
 * by default), made 0700 when missing and checked with the one folder check
 * (owned-folder.ts): "config.invalid" with one line unless it is a real
 * folder (not a symlink) of the user running fencecheck that no one else
 * may write in.
 */
export function ownedStateDir(stateDir: string = controlStateRoot()): string {
  return ownedPath(stateDir, []);
}

/** Reads an existing id file without following a symlink; throws "config.invalid" when it is not what controllerId writes. */
function readControllerId(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    throw refusal(file, `it cannot be opened without following a link (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  try {
    checkOwned(file, fstatSync(fd));
    const buffer = Buffer.alloc(64);
    const text = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString("utf8").trim();
    if (!CONTROLLER_ID_FORM.test(text)) throw refusal(file, "it does not hold a controller id (16 hex digits)");
    return text;
  } finally {
    closeSync(fd);
  }
}

/** Throws unless `stats` is a regular file (not a link) of the user running fencecheck that no one else may read or write. */
function checkOwned(path: string, stats: { isFile(): boolean; uid: number; mode: number }): void {
  if (!stats.isFile()) throw refusal(path, "it is not a file (a link or another kind of file)");
  const me = process.geteuid?.() ?? 0;
  if (stats.uid !== me) throw refusal(path, `it is owned by uid ${stats.uid}, not by uid ${me} (the user running fencecheck)`);
  if ((stats.mode & 0o077) !== 0) throw refusal(path, `its mode ${(stats.mode & 0o777).toString(8)} lets other users read or write it`);
}

function refusal(path: string, why: string): HarnessError {
  return new HarnessError("config.invalid", `Cannot use "${path}" for this machine's state (controller id, lazy disks): ${why}; remove it, or fix its owner and mode`);
}
