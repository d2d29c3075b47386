import { describe, expect, it } from "vitest";
import { createRng } from "../../../core/index.js";
import { parseProxyArgs, releaseAt } from "./delay-proxy.js";

describe("releaseAt", () => {
  it("holds a chunk at least the delay and at most delay plus jitter", () => {
    const rng = createRng(3);
    for (let i = 0; i < 100; i++) {
      const at = releaseAt(0, 1000, { delayMs: 200, jitterMs: 50 }, rng);
      expect(at).toBeGreaterThanOrEqual(1200);
      expect(at).toBeLessThan(1250);
    }
  });

  it("never lets a chunk leave before the one ahead of it", () => {
    expect(releaseAt(1500, 1000, { delayMs: 200, jitterMs: 0 }, createRng(1))).toBe(1500);
  });
});

describe("parseProxyArgs", () => {
  it("reads listen and target addresses and the delays", () => {
    const args = ["--listen", "10.77.0.10:47001", "--target", "10.77.0.10:7001", "--delay-ms", "200", "--jitter-ms", "5", "--seed", "9"];
    expect(parseProxyArgs(args)).toEqual({ listenHost: "10.77.0.10", listenPort: 47001, targetHost: "10.77.0.10", targetPort: 7001, delayMs: 200, jitterMs: 5, seed: 9 });
  });

  it("names a missing flag", () => {
    expect(() => parseProxyArgs(["--listen", "a:1"])).toThrow(/--target is missing/);
  });
});
