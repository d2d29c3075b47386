import { describe, expect, it } from "vitest";
import { packInts } from "./packed-ints.js";
import { labelPacker, unpackLabels } from "./packed-labels.js";

describe("packed labels", () => {
  it("give back every label exactly, leading zeros, long digit runs and no digits included", () => {
    const labels = [
      "p3: write r1 v3-17 token 17 -> ok", "p4: write r2 v4-18 token 18 -> fail stale-token", "p3: write r1 v3-19 token 19 -> ok",
      "p1 held r1 with token 9, it believed, after the lease expired at 0.050 s", "token 12345678901234567890123", "nemesis: pause c1,c2 -> info", "", "007",
      "a\u0000b 1", "a", "\u0001", "\u0000",
    ];
    const packer = labelPacker();
    const packed = packer.pack(labels);
    expect(unpackLabels(packer.templates(), packed)).toEqual(labels);
  });

  it("share one template table across columns, one template per skeleton", () => {
    const packer = labelPacker();
    const a = packer.pack(["p1 acquiring r1: token 5", "p2 acquiring r1: token 6"]);
    const b = packer.pack(["p3 acquiring r2: token 7", "p3 wrote v3-7 with token 7: accepted"]);
    expect(packer.templates()).toEqual([["p", " acquiring r", ": token ", ""], ["p", " wrote v", "-", " with token ", ": accepted"]]);
    expect(unpackLabels(packer.templates(), a)).toEqual(["p1 acquiring r1: token 5", "p2 acquiring r1: token 6"]);
    expect(unpackLabels(packer.templates(), b)).toEqual(["p3 acquiring r2: token 7", "p3 wrote v3-7 with token 7: accepted"]);
  });

  it("store each number as its step from the same slot of the template's previous label", () => {
    const packed = labelPacker().pack(["token 1000", "token 1001", "token 1003"]);
    expect(packed.a).toBe(packInts([1000, 1, 2]));
  });
});
