import { describe, expect, it } from "vitest";
import { UNKNOWN, type Operation } from "./model.js";
import { exactKey, twinBits } from "./twins.js";

const op = (call: number, input: unknown, open = true): Operation<unknown, unknown> => ({
  clientId: call,
  input,
  call,
  output: open ? UNKNOWN : null,
  return: open ? Infinity : call + 1,
});
/** Bits equal to op indexes plus 10, so a bit is told from an index. */
const bits = (n: number): Int32Array => Int32Array.from({ length: n }, (_, i) => i + 10);

describe("exactKey", () => {
  it("gives equal data the same key", () => {
    expect(exactKey({ f: 1, a: [2, "x"], b: null })).toBe(exactKey({ f: 1, a: [2, "x"], b: null }));
    expect(exactKey(5n)).toBe(exactKey(5n));
  });

  it("keeps apart values that differ in type, sign, nesting or key order", () => {
    const values: unknown[] = [0, -0, "0", 0n, false, null, undefined, [], {}, [0], [[0]], ["0"], { a: 1, b: 2 }, { b: 2, a: 1 }, "a,b", ["a", "b"], 'n(1)', 1];
    const keys = values.map(exactKey);
    expect(new Set(keys).size).toBe(values.length);
  });

  it("gives no key to a value that is not plain data", () => {
    expect(exactKey(new Map())).toBeUndefined();
    expect(exactKey([() => 1])).toBeUndefined();
    expect(exactKey({ when: new Date(0) })).toBeUndefined();
  });
});

describe("twinBits", () => {
  it("links each pending operation to the pending one with an equal input called just before it, by bit", () => {
    const ops = [op(5, { w: 3 }), op(1, { w: 3 }), op(2, { w: 4 }), op(9, { w: 3 }), op(3, { w: 4 })];
    expect([...twinBits(ops, bits(ops.length))]).toEqual([11, -1, -1, 10, 12]);
  });

  it("leaves out operations that returned, even with an equal input", () => {
    const ops = [op(1, { w: 3 }, false), op(2, { w: 3 }), op(3, { w: 3 }, false)];
    expect([...twinBits(ops, bits(ops.length))]).toEqual([-1, -1, -1]);
  });

  it("gives no twin to inputs it cannot key", () => {
    const m = new Map();
    const ops = [op(1, m), op(2, m)];
    expect([...twinBits(ops, bits(ops.length))]).toEqual([-1, -1]);
  });
});
