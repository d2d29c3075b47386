import { describe, expect, it } from "vitest";
import { createLineSplitter, lineChannel } from "./line-splitter.js";

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
