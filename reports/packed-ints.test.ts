import { describe, expect, it } from "vitest";
import { deltas, packInts, unpackInts } from "./packed-ints.js";

describe("packed integers", () => {
  it("give back every integer, small, negative, zero and beyond 2^31", () => {
    const xs = [0, 1, -1, 63, 64, -64, -65, 127, 128, 300, -300, 2 ** 31 + 5, -(2 ** 31) - 7, 3_600_000_000_000, 2 ** 52 - 1, -(2 ** 52) + 1];
    expect(unpackInts(packInts(xs))).toEqual(xs);
  });

  it("take one byte for a number within ±63 and two within ±8191", () => {
    expect(Buffer.from(packInts([63, -64]), "base64").length).toBe(2);
    expect(Buffer.from(packInts([8191, -8192]), "base64").length).toBe(4);
  });

  it("pack nothing as the empty string", () => {
    expect(packInts([])).toBe("");
    expect(unpackInts("")).toEqual([]);
  });

  it("turn a sorted column into its steps", () => {
    expect(deltas([5, 7, 7, 20])).toEqual([5, 2, 0, 13]);
  });
});
