/**
 * Reads a run's history.jsonl back one line at a time, from fixed-size
 * chunks: the file is never held as one string, so a history larger than
 * V8's longest string (about 512 MB, an hour-long run) still reads, and the
 * run itself need not keep its ops in memory (run-test.ts checks this
 * second pass of the file). Every line is validated as `parseHistoryJsonl`
 * does, with the same errors naming the file and line; a final line without
 * a newline that does not parse (a killed harness) is dropped. The ops are
 * kept as columns (`CompactHistory`, core), about a fifth of what parsed ops
 * take, and returned as its array view.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { CompactHistory, HarnessError, historyView, parseOp, type History } from "../../core/index.js";

const CHUNK = 1 << 20;
/** How many lines pass between two asks of `pastBound`. */
const BOUND_EVERY = 1 << 16;

/**
 * Thrown by `readHistoryLines` when its `pastBound` said the process's
 * memory passed the check's bound: the history is too large to check
 * within it. `ops` is how many ops were read by then.
 */
export class HistoryPastMemoryBound extends Error {
  constructor(readonly path: string, readonly ops: number) {
    super(`"${path}" did not fit in the check's memory bound: it was passed after ${ops} ops`);
    this.name = "HistoryPastMemoryBound";
  }
}

/** Options of `readHistoryLines`. */
export interface ReadHistoryOptions {
  readonly chunkBytes?: number;
  /** Asked every `boundEvery` lines (and at the end): true stops the read with `HistoryPastMemoryBound`. */
  readonly pastBound?: () => boolean;
  /** Default 65,536. */
  readonly boundEvery?: number;
}

/** Every op of the history file at `path`, in recording order. */
export function readHistoryLines(path: string, options: ReadHistoryOptions = {}): History {
  const { chunkBytes = CHUNK, pastBound, boundEvery = BOUND_EVERY } = options;
  const ops = new CompactHistory();
  forEachLine(path, chunkBytes, (line, n, last) => {
    if (pastBound !== undefined && n % boundEvery === 0 && pastBound()) throw new HistoryPastMemoryBound(path, ops.length);
    const text = line.trim();
    if (text === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      if (last) return;
      throw new HarnessError("input.invalid", `Cannot read "${path}" line ${n}: not JSON`);
    }
    ops.append(parseOp(raw, `"${path}" line ${n}`));
  });
  if (pastBound?.() === true) throw new HistoryPastMemoryBound(path, ops.length);
  return historyView(ops);
}

/**
 * The longest line `forEachLine` takes: 16 MiB. An op or a storage record
 * is a few hundred bytes; a longer line is a damaged or hostile file, and
 * reading on would hold all of it in memory.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Calls `each` with every line (without its newline), its 1-based number,
 * and whether it is a final line with no newline after it. Multi-byte
 * characters split across chunks are decoded whole: lines are cut on the
 * newline byte, then decoded. A line's pieces are joined once, when its
 * newline comes; a line past `maxLineBytes` ends the read with
 * "input.invalid" naming the file and the line.
 */
export function forEachLine(path: string, chunkBytes: number, each: (line: string, n: number, last: boolean) => void, maxLineBytes = MAX_LINE_BYTES): void {
  const fd = openFile(path);
  try {
    const buf = Buffer.alloc(chunkBytes);
    let carry: Buffer[] = [];
    let carried = 0;
    let n = 0;
    const lineOf = (tail: Buffer): string => {
      if (carried + tail.length > maxLineBytes) throw tooLong(path, n + 1, maxLineBytes);
      const line = carry.length === 0 ? tail.toString("utf8") : Buffer.concat([...carry, tail]).toString("utf8");
      carry = [];
      carried = 0;
      return line;
    };
    for (let read = readSync(fd, buf, 0, chunkBytes, null); read > 0; read = readSync(fd, buf, 0, chunkBytes, null)) {
      const chunk = buf.subarray(0, read);
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        each(lineOf(chunk.subarray(from, nl)), ++n, false);
        from = nl + 1;
      }
      if (from < read) {
        carried += read - from;
        if (carried > maxLineBytes) throw tooLong(path, n + 1, maxLineBytes);
        carry.push(Buffer.from(chunk.subarray(from)));
      }
    }
    if (carried > 0) each(lineOf(Buffer.alloc(0)), ++n, true);
  } finally {
    closeSync(fd);
  }
}

function tooLong(path: string, n: number, maxLineBytes: number): HarnessError {
  return new HarnessError("input.invalid", `Cannot read "${path}" line ${n}: longer than ${maxLineBytes} bytes (a damaged file?)`);
}

function openFile(path: string): number {
  try {
    return openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarnessError("input.invalid", `Cannot read "${path}": ${code === "ENOENT" ? "no such file" : String(code ?? error)}`);
  }
}
