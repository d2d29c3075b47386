import { describe, expect, it } from "vitest";
import { createRng } from "../../harness/core/index.js";
import { countingOrder, sortedOrder } from "./entries.js";

/** Call and return times of `n` ops as a parsed history gives them: positions, some returns never. */
function positions(n: number, seed: number): Float64Array {
  const rng = createRng(seed);
  const times = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const call = rng.int(0, 3 * n);
    times[2 * i] = call;
    times[2 * i + 1] = rng.int(0, 9) === 0 ? Infinity : call + rng.int(0, 5);
  }
  return times;
}

describe("the order of a partition's events", () => {
  it("is the same by counting as by the general sort, ties and never-returned ops included", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const times = positions(1 + (seed % 40), seed);
      expect(countingOrder(times)).toEqual(sortedOrder(times));
    }
  });

  it("puts a call before a return at the same time, then orders by op", () => {
    expect(Array.from(countingOrder(Float64Array.from([2, 5, 1, 2, 2, Infinity]))!)).toEqual([2, 0, 4, 3, 1, 5]);
  });

  it("leaves times that are not small non-negative integers to the general sort", () => {
    expect(countingOrder(Float64Array.from([0.5, 1]))).toBeUndefined();
    expect(countingOrder(Float64Array.from([-1, 1]))).toBeUndefined();
    expect(countingOrder(Float64Array.from([Infinity, Infinity]))).toBeUndefined();
    expect(countingOrder(Float64Array.from([0, 1e9]))).toBeUndefined();
  });
});
