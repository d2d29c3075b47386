/**
 * Where a run's files go, and how they get there without ever sharing a
 * folder or a file with another run (two runs started in the same second,
 * into the same store, must not mix their histories):
 * - the folder is `<store>/<name>/<start-time>-<options>`: the start time to
 *   the second and a short hash of every run option (seed, --hold-ms, ...), so
 *   runs with different options never share a folder name;
 * - it is created exclusively, with `-2`, `-3`... appended when the name is taken;
 * - every file in it is created exclusively (`wx`);
 * - files written whole (config.json, results.json...) are written to a
 *   temporary file and renamed, so a reader sees the old file or the new one;
 * - `<store>/latest` is replaced with a rename, never removed first.
 */
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, renameSync, rmSync, symlinkSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { checkRunName, HarnessError, messageOf, type RunConfig } from "../../core/index.js";

/** Tries this many suffixes before giving up (a store that keeps refusing is a harness error). */
const MAX_SUFFIX = 1000;

/** The folder name for a run: start time to the second, then a hash of its options. Pure. */
export function runFolderName(config: RunConfig, startedAtMs: number): string {
  const stamp = new Date(startedAtMs).toISOString().replace(/[:]/g, "").replace(/\.\d+Z$/, "Z");
  const { command: _command, storeDir: _storeDir, ...options } = config;
  const hash = createHash("sha256").update(JSON.stringify(options)).digest("hex").slice(0, 6);
  return `${stamp}-${hash}`;
}

/**
 * Creates the run's folder exclusively (a suffix when the name is taken) and
 * returns its path. Throws "config.invalid" for a name that is not one
 * folder name (`checkRunName`): the folder is always one level below the store.
 */
export function createRunFolder(config: RunConfig, startedAtMs: number): string {
  const parent = join(config.storeDir, checkRunName(config.name));
  mkdirSync(parent, { recursive: true });
  const base = runFolderName(config, startedAtMs);
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const dir = join(parent, n === 1 ? base : `${base}-${n}`);
    try {
      mkdirSync(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw writeError(dir, error);
    }
  }
  throw new HarnessError("store.write-failed", `Cannot create a run folder in "${parent}": ${MAX_SUFFIX} names starting "${base}" are taken`);
}

/** Creates `path`, which must not exist yet, and returns its descriptor for appending. */
export function openNewFile(path: string): number {
  try {
    return openSync(path, "wx");
  } catch (error) {
    throw writeError(path, error);
  }
}

/** Removes a file of the run's folder if it is there; a failure throws an error naming `path`. */
export function removeRunFile(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch (error) {
    throw writeError(path, error);
  }
}

/**
 * Writes `text` to `path` whole or not at all: into a new temporary file
 * beside it, then renamed over it. A failure (a full disk) leaves the
 * earlier file, if any, and throws an error naming `path`.
 */
export function writeWhole(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, "wx");
    writeAll(fd, Buffer.from(text));
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw writeError(path, error);
  }
}

/** Writes every byte: a short write (a disk filling up) is followed by another, which then fails with ENOSPC. */
function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) {
    const n = writeSync(fd, bytes, done, bytes.length - done);
    if (n <= 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    done += n;
  }
}

/** Points `<storeDir>/latest` at `dir` with one rename (never a moment without a link). */
export function pointLatest(storeDir: string, dir: string): void {
  const link = join(storeDir, "latest");
  const tmp = join(storeDir, `.latest.${process.pid}.${basename(dir)}.tmp`);
  try {
    symlinkSync(relative(storeDir, dir), tmp);
    renameSync(tmp, link);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // never created
    }
    throw writeError(link, error);
  }
}

/** A write error that names the file (Node's ENOSPC names none). */
export function writeError(path: string, error: unknown): HarnessError {
  if (error instanceof HarnessError) return error;
  return new HarnessError("store.write-failed", `Cannot write "${path}": ${messageOf(error)}`, { cause: error });
}

