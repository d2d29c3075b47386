import { describe, expect, it } from "vitest";
import { historyBuilder, testRunConfig } from "../testing/index.js";
import { checkMutex } from "./mutex-checker.js";

const config = testRunConfig("fenced", { workload: { name: "lock-mutex", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 5000 } });

describe("the mutex checker", () => {
  it("finds holds that follow one another a mutex", () => {
    const history = historyBuilder()
      .acquire(0, "r1", "1", [0, 10]).release(0, "r1", "1", [500, 510])
      .acquire(1, "r1", "2", [520, 530]).release(1, "r1", "2", [900, 910])
      .build();
    expect(checkMutex({ history, config })).toMatchObject({ valid: true, resources: 1 });
  });

  it("finds a grant while another client's lease was certainly alive not a mutex, naming the resource", () => {
    const history = historyBuilder()
      .acquire(0, "r1", "1", [0, 10])
      .acquire(1, "r1", "2", [600, 610])
      .release(0, "r1", "1", [1000, 1010]).release(1, "r1", "2", [1100, 1110])
      .build();
    const result = checkMutex({ history, config });
    expect(result.valid).toBe(false);
    expect(result.summary).toMatch(/^mutex: "r1" cannot place/);
  });

  it("accepts a grant once the earlier lease may have ended at its TTL, with no release", () => {
    const history = historyBuilder()
      .acquire(0, "r1", "1", [0, 10])
      .acquire(1, "r1", "2", [2500, 2510]).release(1, "r1", "2", [2600, 2610])
      .release(0, "r1", "1", [3000, 3010], true)
      .build();
    expect(checkMutex({ history, config }).valid).toBe(true);
  });

  it("says unknown for a history with no acquire", () => {
    expect(checkMutex({ history: [], config }).valid).toBe("unknown");
  });
});
