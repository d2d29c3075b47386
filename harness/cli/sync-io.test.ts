import { describe, expect, it } from "vitest";
import { syncIo, type SyncIoDeps } from "./sync-io.js";

/** A descriptor that takes `room` bytes per call, then fails with `failWith` once `capacity` bytes are in; and a stream beside it. */
function fakeDeps(opts: { room?: number; capacity?: number; failWith?: string } = {}) {
  const written: Record<number, string> = { 1: "", 2: "" };
  const streamed: Record<number, string> = { 1: "", 2: "" };
  const handlers: string[] = [];
  let total = 0;
  const deps: SyncIoDeps = {
    write(fd, bytes, offset) {
      if (total >= (opts.capacity ?? Infinity)) throw Object.assign(new Error(opts.failWith), { code: opts.failWith });
      const n = Math.min(opts.room ?? Infinity, bytes.length - offset, (opts.capacity ?? Infinity) - total);
      written[fd] += Buffer.from(bytes.subarray(offset, offset + n)).toString();
      total += n;
      return n;
    },
    stream: (fd) => ({
      write: (chunk: string | Uint8Array) => ((streamed[fd] += Buffer.from(chunk).toString()), true),
      on: (event: string) => (handlers.push(`${fd}:${event}`), undefined as never),
    }),
  };
  return { deps, written, streamed, handlers };
}

describe("syncIo", () => {
  it("writes each text whole and in order, however little the descriptor takes at a time", () => {
    const f = fakeDeps({ room: 3 });
    const io = syncIo(f.deps);
    io.out("file.log\tetcd-register\tok\t1.2 ms\n");
    io.err("fencecheck: warning: é\n");
    io.out("second\n");
    expect(f.written).toEqual({ 1: "file.log\tetcd-register\tok\t1.2 ms\nsecond\n", 2: "fencecheck: warning: é\n" });
    expect(f.streamed).toEqual({ 1: "", 2: "" });
  });

  it("goes on through the stream, in order, once a full non-blocking pipe answers EAGAIN", () => {
    const f = fakeDeps({ capacity: 5, failWith: "EAGAIN" });
    const io = syncIo(f.deps);
    io.out("abcdefgh\n");
    io.out("next\n");
    expect(f.written[1]! + f.streamed[1]!).toBe("abcdefgh\nnext\n");
    expect(f.written[1]).toBe("abcde");
    expect(f.handlers).toEqual(["1:error"]);
  });

  it("ends the output without an error when the reader has gone (EPIPE)", () => {
    const f = fakeDeps({ capacity: 2, failWith: "EPIPE" });
    const io = syncIo(f.deps);
    expect(() => io.out("abcdef\n")).not.toThrow();
    expect(() => io.out("more\n")).not.toThrow();
    expect(f.written[1]).toBe("ab");
    expect(f.streamed[1]).toBe("");
  });

  it("throws any other error of the descriptor", () => {
    const f = fakeDeps({ capacity: 0, failWith: "EIO" });
    expect(() => syncIo(f.deps).out("x")).toThrow("EIO");
  });
});
