import { describe, expect, it } from "vitest";
import { createLineSplitter, lineChannel, MAX_LINE_CHARS } from "./line-splitter.js";

function split(chunks: readonly string[], end = false): string[] {
  const lines: string[] = [];
  const splitter = createLineSplitter((line) => lines.push(line));
  for (const chunk of chunks) splitter.push(chunk);
  if (end) splitter.end();
  return lines;
}

describe("createLineSplitter", () => {
  it("joins a line split across chunks", () => {
    expect(split(['{"a":', '1}\n{"b"', ":2}\n"])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("splits several lines in one chunk and strips carriage returns", () => {
    expect(split(["a\r\nb\n\nc\n"])).toEqual(["a", "b", "", "c"]);
  });

  it("holds a partial line until end", () => {
    expect(split(["a\nb"])).toEqual(["a"]);
    expect(split(["a\nb"], true)).toEqual(["a", "b"]);
  });
});

describe("a line past the cap", () => {
  it("is refused with one error, and nothing is split after it", () => {
    const lines: string[] = [];
    const errors: string[] = [];
    const splitter = createLineSplitter((line) => lines.push(line), { maxLineChars: 10, onOverflow: (why) => errors.push(why) });
    splitter.push("short\n0123456789\n0123");
    splitter.push("4567");
    splitter.push("89A\nafter\n");
    splitter.end();
    expect(lines).toEqual(["short", "0123456789"]);
    expect(errors).toEqual(["a line passed 10 characters without a newline"]);
  });

  it("keeps memory within the cap however long the line goes on (256 MiB of it, in 1 MiB chunks)", () => {
    const errors: string[] = [];
    const splitter = createLineSplitter(() => undefined, { onOverflow: (why) => errors.push(why) });
    const chunk = "y".repeat(1 << 20);
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 256; i++) splitter.push(chunk);
    const grown = process.memoryUsage().heapUsed - before;
    expect(errors).toEqual([`a line passed ${MAX_LINE_CHARS} characters without a newline`]);
    expect(grown).toBeLessThan(4 * MAX_LINE_CHARS);
  });

  it("is cut into chunks any way and still comes out whole below the cap", () => {
    const lines: string[] = [];
    const splitter = createLineSplitter((line) => lines.push(line));
    const line = "z".repeat(100_000);
    for (let i = 0; i < line.length; i += 7) splitter.push(line.slice(i, i + 7));
    splitter.push("\n");
    expect(lines).toEqual([line]);
  });
});

describe("lineChannel", () => {
  it("keeps lines that arrive before the first listener and hands them to it in order", () => {
    const channel = lineChannel();
    channel.emit("a");
    channel.emit("b");
    const seen: string[] = [];
    channel.listen((line) => seen.push(line));
    channel.emit("c");
    expect(seen).toEqual(["a", "b", "c"]);
  });
});
