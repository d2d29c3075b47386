import { describe, expect, it } from "vitest";
import { defaultHold, type RunConfig } from "../../core/index.js";
import { pauseHolderMs } from "./pause-packages.js";

function config(options: Record<string, Record<string, unknown>> = {}): RunConfig {
  const workload = { ttlMs: 2000, holdMs: 50, hold: defaultHold(2000) };
  return { workload, nemesis: { faults: ["pause-holder"], intervalMs: 3000, options } } as unknown as RunConfig;
}

describe("pauseHolderMs", () => {
  it("lets the sleeper sleep past the TTL, its slack and the longest hold a next holder may draw", () => {
    expect(pauseHolderMs(config())).toBe(2000 + 1000 + 1700);
  });

  it("keeps a length the user fixed", () => {
    expect(pauseHolderMs(config({ "pause-holder": { durationMs: 2500 } }))).toBe(2500);
    expect(pauseHolderMs(config({ "pause-holder": { ttlFactor: 1.5 } }))).toBe(3000);
  });
});
