import { describe, expect, it } from "vitest";
import { offsetsFrom } from "./host-time.js";

describe("offsetsFrom", () => {
  it("places the host's reading at the midpoint of the shortest round trip", () => {
    const samples = [
      { sentNs: 0n, receivedNs: 10_000_000n, sentWallMs: 1000, hostWallMs: 1100, hostMonotonicNs: 5_000_500n },
      { sentNs: 20_000_000n, receivedNs: 22_000_000n, sentWallMs: 1020, hostWallMs: 1121, hostMonotonicNs: 21_000_000n + 777n },
    ];
    expect(offsetsFrom(samples)).toEqual({ monotonicOffsetNs: 777n, wallOffsetMs: 100, roundTripMs: 2 });
  });
});
