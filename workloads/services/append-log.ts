/**
 * A file our services append lines to (grants.jsonl, storage.jsonl), kept
 * open: each line is one write(2) on a descriptor opened with O_APPEND, so
 * lines of several processes sharing the file never interleave, as with
 * `appendFileSync`, which opened and closed the file by its path for every
 * line (two more system calls and a path walk per grant or storage decision).
 */
import { closeSync, openSync, writeSync } from "node:fs";

/** An open append-only file of lines. */
export interface AppendLog {
  /** Appends `line` and a newline with one write, before returning. */
  append(line: string): void;
  close(): void;
}

/** Opens (creating) `path` for appending. */
export function openAppendLog(path: string): AppendLog {
  const fd = openSync(path, "a");
  return {
    append: (line) => void writeSync(fd, `${line}\n`),
    close: () => closeSync(fd),
  };
}
