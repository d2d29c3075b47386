import { describe, expect, it } from "vitest";
import { createRng } from "../../core/index.js";
import { countingOrder, placedOrder, sortedOrder } from "./event-order.js";

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

  it("is the same by placing as by the general sort when no two finite times are equal", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const rng = createRng(seed);
      const events = 2 * (1 + (seed % 40));
      // Distinct positions in a shuffled order, some returns never.
      const spots = Array.from({ length: events }, (_, t) => 3 * t);
      for (let k = events - 1; k > 0; k--) {
        const j = rng.int(0, k);
        [spots[k], spots[j]] = [spots[j]!, spots[k]!];
      }
      const times = Float64Array.from(spots, (t, e) => (e % 2 === 1 && rng.int(0, 5) === 0 ? Infinity : t));
      expect(placedOrder(times)).toEqual(sortedOrder(times));
    }
  });

  it("leaves equal times to counting", () => {
    expect(placedOrder(Float64Array.from([2, 5, 1, 2]))).toBeUndefined();
    expect(Array.from(placedOrder(Float64Array.from([0, Infinity, 1, Infinity]))!)).toEqual([0, 2, 1, 3]);
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
