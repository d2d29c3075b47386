import { describe, expect, it } from "vitest";
import { historyBuilder, seedScenario, testRunConfig } from "../testing/index.js";
import { checkLeaseOverlap } from "./lease-overlap-checker.js";

const config = testRunConfig("fenced"); // ttl 2000 ms

describe("lease-overlap checker", () => {
  it("is valid and reports afterExpiry when a paused holder overlaps a grant made after expiry", () => {
    const result = checkLeaseOverlap(seedScenario("fenced"));
    expect(result.valid).toBe(true);
    expect(result.overlaps).toHaveLength(1);
    const [o] = result.overlaps;
    expect(o).toMatchObject({
      resource: "r1", afterExpiry: true, certain: false, earlierWrites: "rejected", savedByFencing: true,
      first: { process: 3, token: "33", node: "c2" }, second: { process: 1, token: "34" },
      overlapStart: 4120e6, overlapEnd: 4150e6,
    });
  });

  it("says fencing did not save the data when the earlier holder's write was accepted", () => {
    const result = checkLeaseOverlap(seedScenario("unfenced"));
    expect(result.overlaps[0]).toMatchObject({ earlierWrites: "accepted", savedByFencing: false });
  });

  it("is invalid when the lock service grants a resource to a second client before the first lease expired", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .acquire(2, "r1", "2", [100, 110])
      .release(1, "r1", "1", [500, 510])
      .release(2, "r1", "2", [600, 610])
      .build();
    const result = checkLeaseOverlap({ config, history });
    expect(result.valid).toBe(false);
    expect(result.overlaps[0]).toMatchObject({ certain: true, afterExpiry: false, earlierWrites: "none" });
  });

  it("is invalid, as lock-service is, when two concurrent acquires both returned while neither lease could have ended", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 50])
      .acquire(2, "r1", "2", [20, 60])
      .release(1, "r1", "1", [500, 510])
      .build();
    const result = checkLeaseOverlap({ config, history });
    expect(result.valid).toBe(false);
    expect(result.overlaps).toHaveLength(1);
    expect(result.overlaps[0]).toMatchObject({ certain: true, overlapEnd: 500e6 });
  });

  it("is valid when the second acquire was invoked before the first one completed and the first was released before the second returned", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 50])
      .acquire(2, "r1", "2", [20, 60])
      .release(1, "r1", "1", [55, 58])
      .build();
    expect(checkLeaseOverlap({ config, history }).valid).toBe(true);
  });

  it("finds no overlap when the first holder released before the second grant", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .release(1, "r1", "1", [20, 30])
      .acquire(2, "r1", "2", [40, 50])
      .build();
    expect(checkLeaseOverlap({ config, history })).toMatchObject({ valid: true, overlaps: [] });
  });

  it("ends a retired process's belief at its last op", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .write(1, "r1", "a", "1", [20, 30], "info")
      .acquire(2, "r1", "2", [40, 50])
      .build();
    expect(checkLeaseOverlap({ config, history }).overlaps).toEqual([]);
  });

  it("keeps a belief open to the end of the history when the holder never released", () => {
    const history = historyBuilder()
      .acquire(1, "r1", "1", [0, 10])
      .acquire(2, "r1", "2", [3000, 3010])
      .read(2, "r1", null, null, [3020, 3030])
      .build();
    const result = checkLeaseOverlap({ config, history });
    expect(result.valid).toBe(true);
    expect(result.overlaps[0]).toMatchObject({ afterExpiry: true, overlapEnd: 3030e6 });
  });
});
