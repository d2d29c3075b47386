import { describe, expect, it } from "vitest";
import { retryableOnce } from "./retryable-once.js";

describe("retryableOnce", () => {
  it("runs once for calls that overlap or follow a success", async () => {
    let runs = 0;
    const stop = retryableOnce(async () => void runs++);
    await Promise.all([stop(), stop()]);
    await stop();
    expect(runs).toBe(1);
  });

  it("tries again after a failure", async () => {
    let runs = 0;
    const stop = retryableOnce(async () => {
      runs++;
      if (runs === 1) throw new Error("busy");
    });
    await expect(stop()).rejects.toThrow("busy");
    await stop();
    expect(runs).toBe(2);
  });
});
