/**
 * Durable writes for our services' state: small files replaced whole, and
 * group-committed fsyncs of append-only journals. Whether a service waits
 * for the disk is its `--fsync` choice (`parseFsync`): `always` (the
 * default: an answer means the change survives a power loss) or `never`
 * (faster; a kill of the process still loses nothing it answered, since
 * the page cache outlives it, but a power loss may).
 */
import { closeSync, fdatasync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** A service's `--fsync` choice. */
export type FsyncMode = "always" | "never";

/** Reads a service's `--fsync` flag (default "always"); throws naming the flag otherwise. */
export function parseFsync(value: string | undefined, service: string): FsyncMode {
  if (value === undefined || value === "always") return "always";
  if (value === "never") return "never";
  throw new Error(`Cannot start the ${service}: --fsync "${value}" is not always or never`);
}

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
  if (sync) fsyncDirectory(dirname(path));
}

/** Makes the entries of `dir` (a file created or renamed in it) durable. */
export function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * fdatasync of `fd` on libuv's thread pool: the event loop goes on taking
 * requests (which join the next group commit) while the disk works.
 */
export function fdatasyncAsync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}

/**
 * Group-committed fdatasync of an append-only file whose lines are written
 * synchronously (so a killed process loses none): `written()` after a
 * write resolves once that write is on disk, one fdatasync serving every
 * write made before it began; `settled()` resolves once every write made so
 * far is on disk (a read's barrier: nothing is read that a power loss could
 * take back). With `never`, both resolve at once.
 */
export interface JournalSync {
  written(): Promise<void>;
  settled(): Promise<void>;
}

/** The group-committed fdatasync of `fd` (see JournalSync); `sync` is the call that makes it durable (fdatasync of `fd` unless a test counts). */
export function journalSync(fd: number, mode: FsyncMode, sync: () => void | Promise<void> = () => fdatasyncAsync(fd)): JournalSync {
  if (mode === "never") return { written: () => Promise.resolve(), settled: () => Promise.resolve() };
  // Lines written, and lines a finished sync made durable (a sync covers what was written before it began).
  const lines = { written: 0, durable: 0 };
  const commit = groupCommit(async () => {
    const covers = lines.written;
    await sync();
    lines.durable = Math.max(lines.durable, covers);
  });
  return {
    written() {
      lines.written++;
      return commit();
    },
    settled: () => (lines.durable >= lines.written ? Promise.resolve() : commit()),
  };
}

/**
 * Group commit: at most one save runs at a time, and every caller resolves
 * (or rejects) with a save that began after its call, so state it changed
 * before calling is durable when its promise resolves. From idle, a save
 * begins once the event loop turns, joining the calls of that turn; calls
 * that come while a save runs (the loop is free: the save's fdatasync runs
 * on the thread pool) all join the next, which begins as soon as that one
 * ends: one save for all that queued while the last one ran.
 */
export function groupCommit(save: () => void | Promise<void>): () => Promise<void> {
  let running = false;
  let queued: Batch | undefined;
  const begin = (): void => {
    const batch = queued;
    if (running || !batch) return;
    queued = undefined;
    running = true;
    const done = (): void => {
      running = false;
      begin();
    };
    new Promise<void>((resolve) => resolve(save())).then(
      () => (batch.resolve(), done()),
      (error: unknown) => (batch.reject(error), done()),
    );
  };
  return () => {
    if (queued) return queued.promise;
    queued = batchOf();
    if (!running) setImmediate(begin);
    return queued.promise;
  };
}

/** The callers waiting for one save. */
interface Batch {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function batchOf(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}
