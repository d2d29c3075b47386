import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { encodeOp, parseHistoryJsonl, type Op } from "../../core/index.js";
import { forEachLine, HistoryPastMemoryBound, MAX_LINE_BYTES, readHistoryLines } from "./read-history-lines.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-read-history-"));
  dirs.push(dir);
  const path = join(dir, "history.jsonl");
  writeFileSync(path, text);
  return path;
}

const op = (index: number, value: unknown = index): Op =>
  ({ index, time: index * 1000, process: index % 3, type: index % 2 === 0 ? "invoke" : "ok", f: "write", value }) as Op;

describe("reading history.jsonl line by line", () => {
  it("gives the same ops as parsing the whole text, whatever the chunk size, multi-byte characters split across chunks included", () => {
    const ops = Array.from({ length: 40 }, (_, i) => op(i, i % 5 === 0 ? `périphérique ✓ ${i}` : i));
    const text = ops.map(encodeOp).join("\n") + "\n";
    const path = file(text);
    const whole = parseHistoryJsonl(text, path);
    for (const chunk of [1, 2, 3, 7, 64, 1 << 20]) expect(readHistoryLines(path, { chunkBytes: chunk })).toEqual(whole);
  });

  it("drops a final line cut short (a killed harness) and keeps every whole line before it", () => {
    const path = file(`${encodeOp(op(0))}\n${encodeOp(op(1))}\n{"index":2,"ti`);
    expect(readHistoryLines(path, { chunkBytes: 5 }).map((o) => o.index)).toEqual([0, 1]);
  });

  it("refuses a bad line in the middle, naming the file and its line", () => {
    const path = file(`${encodeOp(op(0))}\nnot json\n${encodeOp(op(1))}\n`);
    expect(() => readHistoryLines(path, { chunkBytes: 4 })).toThrow(`Cannot read "${path}" line 2: not JSON`);
  });

  it("refuses a line that is JSON but not an op, as parsing the whole text does", () => {
    const path = file(`{"index":0}\n`);
    expect(() => readHistoryLines(path)).toThrow(/line 1: "type" must be/);
  });

  it("reads an empty file as an empty history and names a missing one", () => {
    expect(readHistoryLines(file(""))).toEqual([]);
    expect(() => readHistoryLines("/nonexistent/history.jsonl")).toThrow('Cannot read "/nonexistent/history.jsonl": no such file');
  });

  it("asks its memory bound every so many lines and stops with HistoryPastMemoryBound, saying how many ops it had read, once the bound is passed", () => {
    const path = file(Array.from({ length: 70 }, (_, i) => encodeOp(op(i))).join("\n") + "\n");
    let asks = 0;
    const error = (() => {
      try {
        readHistoryLines(path, { pastBound: () => ++asks > 0, boundEvery: 64 });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(HistoryPastMemoryBound);
    expect((error as HistoryPastMemoryBound).ops).toBe(63);
    expect(asks).toBe(1);
  });

  it("reads the whole file when the bound is never passed", () => {
    const path = file(Array.from({ length: 70 }, (_, i) => encodeOp(op(i))).join("\n") + "\n");
    expect(readHistoryLines(path, { pastBound: () => false, boundEvery: 64 })).toHaveLength(70);
  });
});

describe("a line past the cap", () => {
  it("ends the read of a history with one error naming the file and the line", () => {
    const path = file(`${encodeOp(op(0))}\n${"x".repeat(MAX_LINE_BYTES + 1)}`);
    expect(() => readHistoryLines(path)).toThrow(`Cannot read "${path}" line 2: longer than ${MAX_LINE_BYTES} bytes (a damaged file?)`);
  });

  it("is refused while it is read: memory stays within the cap, not the line (64 MiB read with a 1 MiB cap)", () => {
    const path = file(`${encodeOp(op(0))}\n${"y".repeat(64 << 20)}\n`);
    const seen: number[] = [];
    const before = process.memoryUsage().arrayBuffers;
    const read = (): void => forEachLine(path, 64 << 10, (_line, n) => void seen.push(n), 1 << 20);
    expect(read).toThrow(`Cannot read "${path}" line 2: longer than ${1 << 20} bytes`);
    expect(seen).toEqual([1]);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 << 20);
  });

  it("takes a line of exactly the cap, cut across chunks", () => {
    const path = file(`${"z".repeat(1000)}\nend\n`);
    const lines: string[] = [];
    forEachLine(path, 7, (line) => void lines.push(line), 1000);
    expect(lines).toEqual(["z".repeat(1000), "end"]);
  });
});
