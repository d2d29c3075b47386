import { describe, expect, it } from "vitest";
import { createConfigCache } from "./cache.js";

const bits = (...words: number[]): Uint32Array => Uint32Array.from(words);

describe("the configuration cache", () => {
  it("adds a configuration once: the same bitset and an equal state is a repeat", () => {
    const cache = createConfigCache<number>((a, b) => a === b, 4);
    expect(cache.add(7, bits(0b101), 0, 0, 1)).toBe(true);
    expect(cache.add(7, bits(0b101), 0, 0, 1)).toBe(false);
    expect(cache.add(7, bits(0b101), 0, 0, 2)).toBe(true);
    expect(cache.add(7, bits(0b111), 0, 0, 1)).toBe(true);
    expect(cache.size()).toBe(3);
  });

  it("keeps configurations apart whose hashes collide, and grows past its first size", () => {
    const cache = createConfigCache<number>((a, b) => a === b);
    for (let i = 0; i < 500; i++) expect(cache.add(1, bits(i), 0, 0, i)).toBe(true);
    for (let i = 0; i < 500; i++) expect(cache.add(1, bits(i), 0, 0, i)).toBe(false);
    expect(cache.size()).toBe(500);
  });

  it("is empty when made with a sample state to prime with, and the empty configuration is new", () => {
    const cache = createConfigCache<number>((a, b) => a === b, 8, { state: 0 });
    expect(cache.size()).toBe(0);
    expect(cache.words()).toBe(0);
    expect(cache.add(0, bits(0), 0, -1, 0)).toBe(true);
    expect(cache.add(5, bits(1), 0, 0, 0)).toBe(true);
    expect(cache.size()).toBe(2);
  });
});
