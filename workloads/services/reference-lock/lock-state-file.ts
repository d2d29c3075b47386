/**
 * The reference lock server's durable state in its data dir:
 * `lock-state.json` (token counters and live leases), `lock-state.jsonl` (a
 * journal: one line per resource changed since, its counter and lease after
 * the change, appended with one write on an open file before a grant or a
 * release is answered) and `grants.jsonl` (one line per grant, for checkers).
 * Loading replays the journal over the state file; a torn last line is a
 * change never answered, and is skipped. With `--fsync always` (the
 * default) each append is fdatasynced before the grants and releases it
 * holds are answered, one fdatasync per batch (the server's group commit:
 * one for every change that queued while the last one ran),
 * and the state file is replaced durably: a power loss cannot take back a
 * token. With `never` nothing is fsynced: a kill still loses nothing
 * answered (the page cache outlives the process), a power loss may.
 */
import { appendFileSync, closeSync, existsSync, fdatasyncSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";
import { fdatasyncAsync, fsyncDirectory, writeFileAtomically, writeFileDurably, type FsyncMode } from "../durable-file.js";
import { join } from "node:path";
import { openAppendLog } from "../append-log.js";
import { HarnessError } from "../../../core/index.js";
import type { LeaseEntry, LeaseTableSnapshot } from "./lease-table.js";

/** One line of grants.jsonl. `grantedAtMs` is on the (possibly skewed) server clock. */
export interface GrantRecord {
  readonly resource: string;
  readonly client: string;
  readonly token: string;
  readonly grantedAtMs: number;
  readonly ttlMs: number;
  /** Harness-monotonic ns, present when the server was given `--origin-ns`. */
  readonly time?: number;
}

interface StateFile {
  readonly counters: Record<string, string>;
  readonly leases: Record<string, { client: string; token: string; expiresAtMs: number }>;
}

const STATE_FILE = "lock-state.json";
const JOURNAL = "lock-state.jsonl";
const GRANTS = "grants.jsonl";

/** One journal line: a resource's counter and lease (null when free) after a change. */
interface JournalLine {
  readonly resource: string;
  readonly counter: string;
  readonly lease: { client: string; token: string; expiresAtMs: number } | null;
}

/** Loads the state saved in `dataDir` (the state file, then the journal replayed over it); empty when there is none yet. */
export function loadLockState(dataDir: string): LeaseTableSnapshot {
  const { counters, leases } = loadStateFile(dataDir);
  for (const line of readJournal(dataDir)) {
    counters.set(line.resource, BigInt(line.counter));
    if (line.lease) leases.set(line.resource, { ...line.lease, token: BigInt(line.lease.token) });
    else leases.delete(line.resource);
  }
  return { counters, leases };
}

function loadStateFile(dataDir: string): { counters: Map<string, bigint>; leases: Map<string, LeaseEntry> } {
  let text: string;
  try {
    text = readFileSync(join(dataDir, STATE_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { counters: new Map(), leases: new Map() };
    throw error;
  }
  try {
    const state = JSON.parse(text) as StateFile;
    const counters = new Map(Object.entries(state.counters).map(([r, t]) => [r, BigInt(t)] as const));
    const leases = new Map(
      Object.entries(state.leases).map(([r, l]): [string, LeaseEntry] => [
        r,
        { client: l.client, token: BigInt(l.token), expiresAtMs: l.expiresAtMs },
      ]),
    );
    return { counters, leases };
  } catch (error) {
    throw new HarnessError("store.invalid", `Cannot load lock state "${join(dataDir, STATE_FILE)}": ${String(error)}`);
  }
}

function readJournal(dataDir: string): JournalLine[] {
  const path = join(dataDir, JOURNAL);
  if (!existsSync(path)) return [];
  const lines: JournalLine[] = [];
  for (const text of readFileSync(path, "utf8").split("\n")) {
    try {
      const line = JSON.parse(text) as Partial<JournalLine>;
      if (typeof line.resource === "string" && typeof line.counter === "string" && /^\d+$/.test(line.counter)) lines.push(line as JournalLine);
    } catch {
      // A torn last line: a change that was never answered.
    }
  }
  return lines;
}

/**
 * Saves the snapshot as the state file (write, then rename over the old
 * one) and empties the journal it holds: the server does this once at
 * start, then appends to the journal.
 */
export function saveLockState(dataDir: string, snapshot: LeaseTableSnapshot, fsync: FsyncMode = "always"): void {
  const state: StateFile = {
    counters: Object.fromEntries([...snapshot.counters].map(([r, t]) => [r, t.toString()])),
    leases: Object.fromEntries(
      [...snapshot.leases].map(([r, l]) => [r, { client: l.client, token: l.token.toString(), expiresAtMs: l.expiresAtMs }]),
    ),
  };
  (fsync === "always" ? writeFileDurably : writeFileAtomically)(join(dataDir, STATE_FILE), JSON.stringify(state));
  if (existsSync(join(dataDir, JOURNAL))) truncateSync(join(dataDir, JOURNAL));
}

/** The journal, open for appends. */
export interface LockStateJournal {
  /**
   * Appends the state of `resources` in `snapshot`, one line each, with one
   * write at once; resolves once it is on disk (one fdatasync, on the thread
   * pool, with `always`; at once with `never`).
   */
  append(snapshot: LeaseTableSnapshot, resources: Iterable<string>): Promise<void>;
  close(): void;
}

/** Opens `dataDir`'s journal for appending, after `saveLockState` emptied it (so no torn line precedes what it appends). */
export function openLockStateJournal(dataDir: string, fsync: FsyncMode = "always"): LockStateJournal {
  const fd = openSync(join(dataDir, JOURNAL), "a");
  if (fsync === "always") {
    // The emptied journal and the file's entry, before any append counts on them.
    fdatasyncSync(fd);
    fsyncDirectory(dataDir);
  }
  return {
    append(snapshot, resources) {
      let text = "";
      for (const resource of resources) {
        const lease = snapshot.leases.get(resource);
        const line: JournalLine = {
          resource,
          counter: (snapshot.counters.get(resource) ?? 0n).toString(),
          lease: lease ? { client: lease.client, token: lease.token.toString(), expiresAtMs: lease.expiresAtMs } : null,
        };
        text += `${JSON.stringify(line)}\n`;
      }
      if (text === "") return Promise.resolve();
      writeSync(fd, text);
      return fsync === "always" ? fdatasyncAsync(fd) : Promise.resolve();
    },
    close: () => closeSync(fd),
  };
}

/** Appends one grant to `<dataDir>/grants.jsonl` (opening it for this one line: see `openGrantLog` for a server's). */
export function appendGrant(dataDir: string, grant: GrantRecord): void {
  appendFileSync(join(dataDir, GRANTS), `${JSON.stringify(grant)}\n`);
}

/** `<dataDir>/grants.jsonl` kept open: `record` appends one grant with one write. */
export function openGrantLog(dataDir: string): { record(grant: GrantRecord): void; close(): void } {
  const log = openAppendLog(join(dataDir, GRANTS));
  return { record: (grant) => log.append(JSON.stringify(grant)), close: () => log.close() };
}
