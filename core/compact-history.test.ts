import { describe, expect, it } from "vitest";
import { CompactHistory } from "./compact-history.js";
import { compactOf, historyView } from "./compact-view.js";
import { indexedPairs, pairs } from "./history.js";
import type { Op } from "./op.js";

/** Ops exercising every field and every way a value can look. */
const OPS: readonly Op[] = [
  { index: 0, time: 1_000_000_123, process: 0, type: "invoke", f: "acquire", value: { resource: "r1" }, node: "c1" } as Op,
  { index: 1, time: 1_500_000_000, process: "nemesis", type: "invoke", f: "pause", value: { nodes: ["c1"], durationMs: 4700 } } as Op,
  { index: 2, time: 2_000_000_000, process: 0, type: "ok", f: "acquire", value: { resource: "r1", token: "18446744073709551617" }, node: "c1" } as Op,
  { index: 3, time: 3.6e12, process: 7, type: "fail", f: "acquire", value: null, node: "c8", error: { code: "lock-busy", message: "Cannot acquire \"r1\": held by \"0\"", definite: true } } as Op,
  { index: 4, time: 3.7e12, process: 17, type: "info", f: "write", value: { resource: "r2", value: "é ✓ 𝄞", token: "3", holdMs: 1.5 }, error: { code: "timeout", message: "no reply", definite: false } } as Op,
  { index: 5, time: 3.8e12, process: 2, type: "invoke", f: "read", value: [1, "two", { three: false }] } as Op,
  { index: 6, time: 3.9e12, process: 2, type: "info", f: "read", value: "plain" } as Op,
  { index: 9, time: 4e12, process: 3, type: "invoke", f: "write", value: 0 } as Op,
];

function compactOfOps(ops: readonly Op[]): CompactHistory {
  const compact = new CompactHistory();
  for (const op of ops) compact.append(op);
  return compact;
}

describe("CompactHistory", () => {
  it("gives back every field of every op it was given: index, time, process, type, f, value, node and error", () => {
    const compact = compactOfOps(OPS);
    expect(compact.length).toBe(OPS.length);
    OPS.forEach((op, i) => expect(compact.get(i)).toStrictEqual(op));
  });

  it("keeps an op whole when the columns cannot hold it (another field, no value, an index far from its position)", () => {
    const odd = [
      { index: 0, time: 1, process: 0, type: "invoke", f: "write", value: 1, extra: "kept" },
      { index: 1, time: 2, process: 0, type: "ok", f: "write" },
      { index: 2 ** 40, time: 3, process: 1, type: "invoke", f: "read", value: null },
    ] as unknown as Op[];
    const compact = compactOfOps(odd);
    odd.forEach((op, i) => expect(compact.get(i)).toStrictEqual(op));
  });

  it("holds more ops than one block, each read back as written", () => {
    const ops = Array.from({ length: 70_000 }, (_, i) => ({ index: i, time: i * 1000, process: i % 10, type: i % 2 === 0 ? "invoke" : "ok", f: "read", value: { resource: `r${i % 3}`, value: `v${i}` }, node: `c${i % 10}` }) as Op);
    const compact = compactOfOps(ops);
    for (const i of [0, 65_535, 65_536, 69_999]) expect(compact.get(i)).toStrictEqual(ops[i]);
  });
});

describe("historyView", () => {
  it("reads as the array of its ops: length, indexing, iteration, the array methods, JSON", () => {
    const view = historyView(compactOfOps(OPS));
    expect(Array.isArray(view)).toBe(true);
    expect(view.length).toBe(OPS.length);
    expect(view[3]).toStrictEqual(OPS[3]);
    expect(view[OPS.length]).toBeUndefined();
    expect([...view]).toStrictEqual(OPS);
    expect(view.filter((op) => op.process === "nemesis")).toStrictEqual(OPS.filter((op) => op.process === "nemesis"));
    expect(view.reduce((t, op) => Math.max(t, op.time), 0)).toBe(4e12);
    expect(JSON.parse(JSON.stringify(view))).toStrictEqual(JSON.parse(JSON.stringify(OPS)));
  });

  it("refuses writes, and tells its columns apart from a plain array's", () => {
    const view = historyView(compactOfOps(OPS)) as Op[];
    expect(() => view.push(OPS[0] as Op)).toThrow(TypeError);
    expect(compactOf(view)).toBeInstanceOf(CompactHistory);
    expect(compactOf(OPS)).toBeUndefined();
  });

  it("pairs as a plain array pairs, with the same positions", () => {
    const view = historyView(compactOfOps(OPS));
    const plain = indexedPairs(OPS).map((p) => ({ invoke: p.invoke, completion: p.completion, invokeAt: p.invokeAt, completionAt: p.completionAt }));
    const compact = indexedPairs(view).map((p) => ({ invoke: p.invoke, completion: p.completion, invokeAt: p.invokeAt, completionAt: p.completionAt }));
    expect(compact).toStrictEqual(plain);
    expect(pairs(view).map((p) => [p.invoke.index, p.completion?.index])).toStrictEqual([[0, 2], [1, undefined], [5, 6], [9, undefined]]);
  });
});
