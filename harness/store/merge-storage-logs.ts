/**
 * Each storage node writes its own log in its own folder
 * (`nodes/<id>/storage.jsonl`: a node may write nothing else of the
 * store); once the nodes' files are collected, the run's storage.jsonl is
 * their merge. The merge takes, of the nodes' next records, the one with
 * the smallest `time` (ties: the node named first), so the file reads in
 * time order as far as each node's own order allows, and it never
 * reorders one node's records: a node's records stay in the order it
 * appended them, which is the order of its decisions (checkers rely on
 * it). A cut-short last line (a killed node) is left out; a node's
 * `storage.jsonl.incomplete` lines go to the run's. A node's log is never
 * read through a symbolic link the node put in its place.
 */
import { appendFileSync, closeSync, constants, existsSync, lstatSync, openSync, readdirSync, readFileSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { INCOMPLETE_SUFFIX } from "../../core/index.js";

/** The lines of one node's log, read in chunks. */
interface NodeLines {
  readonly fd: number;
  readonly buffer: Buffer;
  readonly decoder: StringDecoder;
  carry: string;
  pending: string[];
  ended: boolean;
}

const CHUNK = 1 << 20;

/**
 * Appends to `target` the merge of the logs in `sources` (node folders'
 * storage.jsonl, in node order; missing ones skipped), as the module
 * comment says, and copies their incomplete markers beside `target`.
 * Returns how many records were written.
 */
export function mergeStorageLogs(sources: readonly string[], target: string): number {
  for (const source of sources) {
    const marker = `${source}${INCOMPLETE_SUFFIX}`;
    if (existsSync(marker) && lstatSync(marker).isFile()) appendFileSync(`${target}${INCOMPLETE_SUFFIX}`, readFileSync(marker));
  }
  const readers = sources.filter((s) => existsSync(s)).map((s): NodeLines => ({ fd: openSync(s, constants.O_RDONLY | constants.O_NOFOLLOW), buffer: Buffer.alloc(CHUNK), decoder: new StringDecoder("utf8"), carry: "", pending: [], ended: false }));
  const out = openSync(target, "a");
  let written = 0;
  try {
    const heads = readers.map(next);
    let batch = "";
    for (;;) {
      let pick = -1;
      for (let i = 0; i < heads.length; i++) {
        const head = heads[i];
        if (head !== undefined && (pick < 0 || head.time < (heads[pick] as Head).time)) pick = i;
      }
      if (pick < 0) break;
      batch += `${(heads[pick] as Head).line}\n`;
      written++;
      heads[pick] = next(readers[pick] as NodeLines);
      if (batch.length >= CHUNK) {
        writeSync(out, batch);
        batch = "";
      }
    }
    if (batch !== "") writeSync(out, batch);
  } finally {
    closeSync(out);
    for (const r of readers) closeSync(r.fd);
  }
  return written;
}

/**
 * Merges the storage nodes' own logs of run folder `runDir` into its
 * `name` (storage.jsonl) when the run ended before its collect merged them
 * (the harness killed between the two): the run's file is missing or
 * empty while some node's is not. Nodes are taken in the order of their
 * folders' names. Returns how many records were written (0: nothing to do).
 */
export function mergeUnmergedStorageLogs(runDir: string, name: string): number {
  const target = join(runDir, name);
  if (existsSync(target) && lstatSync(target).size > 0) return 0;
  const nodesDir = join(runDir, "nodes");
  if (!existsSync(nodesDir) || !lstatSync(nodesDir).isDirectory()) return 0;
  const sources = nodeStorageLogs(runDir, readdirSync(nodesDir).sort(), name)
    .filter((source) => existsSync(source) && lstatSync(source).isFile() && lstatSync(source).size > 0);
  return sources.length === 0 ? 0 : mergeStorageLogs(sources, target);
}

/** The storage logs of `nodes` in a run folder. Pure. */
export function nodeStorageLogs(runDir: string, nodes: readonly string[], name: string): string[] {
  return nodes.map((node) => join(runDir, "nodes", node, name));
}

interface Head {
  readonly line: string;
  readonly time: number;
}

/** The node's next whole line and its record's time (a line whose time cannot be read sorts first); undefined at the end. */
function next(reader: NodeLines): Head | undefined {
  for (;;) {
    const line = reader.pending.shift();
    if (line !== undefined) {
      if (line.trim() === "") continue;
      return { line, time: timeOf(line) };
    }
    if (reader.ended) return undefined;
    const n = readSync(reader.fd, reader.buffer, 0, CHUNK, null);
    if (n === 0) {
      // A last line without its newline was cut short (a killed node): not a record.
      reader.ended = true;
      continue;
    }
    const parts = (reader.carry + reader.decoder.write(reader.buffer.subarray(0, n))).split("\n");
    reader.carry = parts.pop() as string;
    reader.pending = parts;
  }
}

function timeOf(line: string): number {
  try {
    const time = (JSON.parse(line) as { time?: unknown }).time;
    return typeof time === "number" ? time : -Infinity;
  } catch {
    return -Infinity;
  }
}
