import { describe, expect, it } from "vitest";
import { UNKNOWN, type Operation } from "./model.js";
import { dataHash, sameData, twinBits } from "./twins.js";

const op = (call: number, input: unknown, open = true): Operation<unknown, unknown> => ({
  clientId: call,
  input,
  call,
  output: open ? UNKNOWN : null,
  return: open ? Infinity : call + 1,
});
/** Bits equal to op indexes plus 10, so a bit is told from an index. */
const bits = (n: number): Int32Array => Int32Array.from({ length: n }, (_, i) => i + 10);

describe("sameData and dataHash", () => {
  it("call equal data the same and hash it alike", () => {
    const pairs: [unknown, unknown][] = [
      [{ f: 1, a: [2, "x"], b: null }, { f: 1, a: [2, "x"], b: null }],
      [5n, 5n],
      [NaN, NaN],
      [[{ write: true, key: "x", value: 1.5 }], [{ write: true, key: "x", value: 1.5 }]],
    ];
    for (const [a, b] of pairs) {
      expect(sameData(a, b)).toBe(true);
      expect(dataHash(a)).toBe(dataHash(b));
    }
  });

  it("keep apart values that differ in type, sign, nesting or key order", () => {
    const values: unknown[] = [0, -0, "0", 0n, false, null, undefined, [], {}, [0], [[0]], ["0"], { a: 1, b: 2 }, { b: 2, a: 1 }, "a,b", ["a", "b"], 1, { a: 1 }, { a: 1, b: undefined }];
    values.forEach((a, i) => values.forEach((b, j) => expect({ a, b, same: sameData(a, b) }).toEqual({ a, b, same: i === j })));
  });

  it("call two objects that are not plain data the same only when they are one object", () => {
    const m = new Map();
    expect(sameData(m, m)).toBe(true);
    expect(sameData(new Map(), new Map())).toBe(false);
    expect(sameData({ when: new Date(0) }, { when: new Date(0) })).toBe(false);
  });

  it("end on a cyclic value, calling it not the same as another", () => {
    const a: unknown[] = [];
    a.push(a);
    const b: unknown[] = [];
    b.push(b);
    expect(sameData(a, b)).toBe(false);
    expect(typeof dataHash(a)).toBe("number");
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

  it("gives no twin to equal inputs that are not plain data, unless they are one object", () => {
    const m = new Map();
    const ops = [op(1, new Map()), op(2, new Map()), op(3, m), op(4, m)];
    expect([...twinBits(ops, bits(ops.length))]).toEqual([-1, -1, -1, 12]);
  });

  it("links only equal inputs among many distinct ones", () => {
    // A thousand distinct inputs, each twice: whatever shares a hash bucket is still compared in full.
    const ops = Array.from({ length: 2000 }, (_, i) => op(i, { f: 1, a: i % 1000 }));
    const twins = twinBits(ops, bits(ops.length));
    ops.forEach((_, i) => expect(twins[i]).toBe(i < 1000 ? -1 : i - 1000 + 10));
  });
});
