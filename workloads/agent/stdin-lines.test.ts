import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readLines } from "./stdin-lines.js";

describe("readLines", () => {
  it("gives the first line on its own, then every later line in order, split across chunks", async () => {
    const input = new PassThrough();
    const lines = readLines(input);
    input.write('{"config":1}\n{"id":1}\n{"i');
    expect(await lines.first()).toBe('{"config":1}');
    const seen: string[] = [];
    const done = lines.each((line) => seen.push(line));
    input.write('d":2}\r\n');
    input.end('{"id":3}');
    await done;
    expect(seen).toEqual(['{"id":1}', '{"id":2}', '{"id":3}']);
  });

  it("says the stream ended when it ends before a first line", async () => {
    const input = new PassThrough();
    const lines = readLines(input);
    input.end();
    expect(await lines.first()).toBe(undefined);
    await expect(lines.each(() => undefined)).resolves.toBe(undefined);
  });
});
