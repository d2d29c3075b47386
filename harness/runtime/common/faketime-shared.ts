/**
 * libfaketime's shared objects, made by the harness so they carry the run's
 * id and every user may open them.
 *
 * What libfaketime 0.9.10 does on its own (read in its `ft_shm_init` and
 * `ft_shm_create`, and measured here): each process that loads it without
 * `FAKETIME_SHARED` creates a POSIX semaphore and a shared memory object
 * named after its pid (/dev/shm/sem.faketime_sem_<pid>,
 * /dev/shm/faketime_shm_<pid>, mode 0600), exports their names in
 * `FAKETIME_SHARED` for its children, and unlinks them only when it exits
 * normally. So a process that is killed, or that execs another program (a
 * shell's `exec`), leaves both behind (about 10 per clock run), and a child
 * that drops to another user (PostgreSQL under `setpriv`) cannot open its
 * parent's semaphore: libfaketime then exits with "sem_open failed and
 * recreation attempts failed: Permission denied".
 *
 * When `FAKETIME_SHARED` names a semaphore that exists, libfaketime opens it
 * and creates nothing (nor unlinks anything at exit). So the harness
 * creates the pair itself before each process starts, named
 * `fencecheck-<runId>-<key>` (identifiable by run id), mode 0666, with the
 * bytes libfaketime itself would write, and removes the run's objects at
 * stop and in `fencecheck clean`.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeNoFollow } from "./node-log.js";

/** Where glibc keeps POSIX semaphores and shared memory objects. */
export const SHM_DIR = "/dev/shm";

/**
 * The 32 bytes of an unlocked glibc named semaphore (x86_64 and aarch64,
 * 64-bit atomics): `data` = 1 (the value, no waiters), `private` =
 * FUTEX_SHARED (128), then zeros. These are the bytes `sem_open(..., 1)`
 * writes; measured on a file libfaketime created.
 */
export function semaphoreBytes(): Buffer {
  const bytes = Buffer.alloc(32);
  bytes.writeUInt32LE(1, 0);
  bytes.writeUInt32LE(128, 8);
  return bytes;
}

/**
 * libfaketime's shared memory object (`struct ft_shared_s` of 0.9.10 on
 * Linux, 80 bytes): the tick counter and file index at 0, then the start
 * time as four timespecs (realtime, monotonic, monotonic raw, boottime)
 * with `tv_nsec` = -1, which means "not set yet": the first process to load
 * libfaketime sets it to its own start, which its children then share, as
 * libfaketime's own objects do. Zeros there would date every process's start
 * at the epoch, and a clock rate would then run from 1970.
 */
export function sharedMemoryBytes(): Buffer {
  const bytes = Buffer.alloc(80);
  for (let i = 0; i < 4; i++) bytes.writeBigInt64LE(-1n, 16 + i * 16 + 8);
  return bytes;
}

/** The prefix of every shared object name of run `runId` (of every run when undefined). Pure. */
export function sharedObjectPrefix(runId?: string): string {
  return runId === undefined ? "fencecheck-" : `fencecheck-${runId}-`;
}

/** The name (without the leading "/") of the pair for one process of run `runId`. Pure. */
export function sharedObjectName(runId: string, key: string): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(key)) throw new RangeError(`Cannot name a libfaketime shared object "${key}": letters, digits, "_", "." and "-" only`);
  return `${sharedObjectPrefix(runId)}${key}`;
}

/** The environment that makes libfaketime use the pair `name` (semaphore and memory share the name). Pure. */
export function faketimeSharedEnv(name: string): Record<string, string> {
  return { FAKETIME_SHARED: `/${name} /${name}` };
}

/** Creates the semaphore and shared memory object `name` in `dir`, both readable and writable by every user. */
export function createSharedObjects(name: string, dir: string = SHM_DIR): void {
  for (const [file, bytes] of [[`sem.${name}`, semaphoreBytes()], [name, sharedMemoryBytes()]] as const) {
    const path = join(dir, file);
    // Never through a link another user left in /dev/shm (world-writable) in its place.
    writeNoFollow(path, bytes, 0o666);
  }
}

/** Removes the pair `name` from `dir` (once the process that used it has exited). */
export function removeSharedPair(name: string, dir: string = SHM_DIR): void {
  for (const file of [`sem.${name}`, name]) rmSync(join(dir, file), { force: true });
}

/**
 * Removes every shared object of run `runId` (of every run when undefined)
 * from `dir`; a process that still has one mapped keeps using it. Returns
 * the paths removed.
 */
export function removeSharedObjects(runId: string | undefined, dir: string = SHM_DIR): string[] {
  const prefix = sharedObjectPrefix(runId);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  // Exact names only (a run id's form, then a key's), so that nothing merely starting like ours is taken.
  const form = /^(?:sem\.)?fencecheck-[a-z0-9]{1,16}-[A-Za-z0-9_.-]+$/;
  const owned = names.filter((file) => form.test(file) && (file.startsWith(prefix) || file.startsWith(`sem.${prefix}`))).map((file) => join(dir, file));
  for (const path of owned) rmSync(path, { force: true });
  return owned;
}
