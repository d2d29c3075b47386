import { describe, expect, it } from "vitest";
import { makeEntries } from "./entries.js";
import type { Operation } from "./model.js";

/** Operations with the given [call, return] times (inputs and outputs do not matter here). */
function ops(times: [number, number][]): Operation<unknown, unknown>[] {
  return times.map(([call, ret], clientId) => ({ clientId, input: null, output: null, call, return: ret }));
}

/** The list from the head: each entry as "c<op>" or "r<op>". */
function walk(e: ReturnType<typeof makeEntries>): string[] {
  const out: string[] = [];
  for (let node = e.next[0]!; node !== -1; node = e.next[node]!) out.push(`${e.match[node] === -1 ? "r" : "c"}${e.op[node]}`);
  return out;
}

describe("a partition's linked entries", () => {
  // op 0 [0, 5], op 1 [1, 3], op 2 [2, 6], op 3 [4, 7]
  const history = ops([
    [0, 5],
    [1, 3],
    [2, 6],
    [4, 7],
  ]);

  it("are in time order, each call matched with its return and numbered in list order", () => {
    const e = makeEntries(history);
    expect(walk(e)).toEqual(["c0", "c1", "c2", "r1", "c3", "r0", "r2", "r3"]);
    for (let node = 1; node <= 8; node++) {
      if (e.match[node] !== -1) expect(e.op[e.match[node]!]).toBe(e.op[node]);
      expect(e.prev[e.next[node - 1]!]).toBe(node - 1);
    }
    expect([1, 2, 3, 5].map((node) => e.bit[node])).toEqual([0, 1, 2, 3]);
  });

  it("put read-only calls first among calls with no return between them, and nowhere else", () => {
    // ops 1 and 3 are read-only: 1 moves before 0 and 2 (no return between them); 3 is alone in its run.
    const e = makeEntries(history, Uint8Array.from([0, 1, 0, 1]));
    expect(walk(e)).toEqual(["c1", "c0", "c2", "r1", "c3", "r0", "r2", "r3"]);
    expect(e.bit[1]).toBe(0);
    expect(e.op[e.match[1]!]).toBe(1);
  });

  it("keep a read-only call behind a return that came before it", () => {
    const e = makeEntries(ops([[0, 1], [2, 3]]), Uint8Array.from([0, 1]));
    expect(walk(e)).toEqual(["c0", "r0", "c1", "r1"]);
  });
});
