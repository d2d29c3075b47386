/**
 * The storage node's durable state: an append-only journal of accepted
 * writes in its data dir (`journal.jsonl`), replayed on start. Each line is
 * appended synchronously when the write is accepted, so a SIGKILL loses at
 * most a write that was never acknowledged; a torn last line is skipped.
 * With `--fsync always` (the default) the write is answered once its line
 * is on disk too (one fdatasync per batch: group commit), so a power loss
 * cannot take back an accepted write either.
 */
import { appendFileSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { fsyncDirectory, journalSync, type FsyncMode, type JournalSync } from "../durable-file.js";
import type { AcceptedWrite } from "./storage-state.js";

const JOURNAL = "journal.jsonl";

/**
 * Reads the accepted writes in the order they were applied, and ends a torn
 * last line with a newline so later appends start on a fresh line.
 */
export function loadJournal(dataDir: string): AcceptedWrite[] {
  let text: string;
  try {
    text = readFileSync(join(dataDir, JOURNAL), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  if (text.length > 0 && !text.endsWith("\n")) appendFileSync(join(dataDir, JOURNAL), "\n");
  const writes: AcceptedWrite[] = [];
  for (const line of text.split("\n")) {
    const write = parseLine(line);
    if (write) writes.push(write);
  }
  return writes;
}

function parseLine(line: string): AcceptedWrite | undefined {
  if (line.trim() === "") return undefined;
  try {
    const x = JSON.parse(line) as Partial<AcceptedWrite>;
    if (typeof x.key !== "string" || typeof x.value !== "string") return undefined;
    return { key: x.key, value: x.value, token: typeof x.token === "string" ? x.token : null };
  } catch {
    return undefined;
  }
}

/** The journal, open for appends. */
export interface StorageJournal {
  /** Writes one accepted write's line at once; resolves once it is durable (see JournalSync). */
  append(write: AcceptedWrite): Promise<void>;
  /** Resolves once every line appended so far is durable: what a read waits for. */
  settled(): Promise<void>;
}

/** Opens `dataDir`'s journal for appending (after `loadJournal` ended any torn line). */
export function openStorageJournal(dataDir: string, fsync: FsyncMode): StorageJournal {
  const fd = openSync(join(dataDir, JOURNAL), "a");
  if (fsync === "always") fsyncDirectory(dataDir);
  const sync: JournalSync = journalSync(fd, fsync);
  return {
    append(write) {
      writeSync(fd, `${JSON.stringify({ key: write.key, value: write.value, token: write.token })}\n`);
      return sync.written();
    },
    settled: () => sync.settled(),
  };
}
