import { describe, expect, it } from "vitest";
import type { StorageRecord } from "../../core/index.js";
import { checkFencing } from "../index.js";
import { historyBuilder, storageRecord, testRunConfig } from "../testing/index.js";
import { rolledBack } from "./rolled-back.js";

interface Shape {
  /** How client 2's write (token 2) ended: never answered (the power loss took its node) or acknowledged. */
  readonly answered?: boolean;
  /** When the power loss of s1 began and ended (ms); client 2's write was invoked at 300. */
  readonly loss?: readonly [number, number];
  /** What s1 recorded as its highest token when it decided client 1's later write (token 1). */
  readonly highest?: string | null;
  /** The storage mode of every record. */
  readonly mode?: string;
}

/**
 * Client 1 (token 1) and client 2 (token 2) write r1 on s1. Storage accepts client 2's write; then, by
 * default, a power loss of s1 strikes before its journal line is fsynced, so client 2 never hears back;
 * after the restart storage accepts client 1's write, sent before the loss and delivered after it.
 */
function run(shape: Shape = {}) {
  const { answered = false, loss = [400, 1400], highest = null, mode = "unfenced" } = shape;
  const b = historyBuilder()
    .acquire(1, "r1", "1", [0, 10]).op("invoke", 1, "write", { resource: "r1", value: "p1-0" }, 20)
    .acquire(2, "r1", "2", [100, 200]).op("invoke", 2, "write", { resource: "r1", value: "p2-0" }, 300)
    .op("invoke", "nemesis", "power-loss", { nodes: ["s1"] }, loss[0]).op("ok", "nemesis", "power-loss", { nodes: ["s1"] }, loss[1])
    .op("ok", 1, "write", { resource: "r1", value: "p1-0", token: "1" }, 2000);
  if (answered) b.op("ok", 2, "write", { resource: "r1", value: "p2-0", token: "2" }, 310);
  else b.op("info", 2, "write", { resource: "r1", value: "p2-0", token: "2" }, 2300, "timeout");
  const storage: StorageRecord[] = [
    storageRecord({ key: "r1", value: "p2-0", token: "2", client: "2", atMs: 305, mode }),
    storageRecord({ key: "r1", value: "p1-0", token: "1", client: "1", atMs: 1900, mode, highest }),
  ];
  return { config: testRunConfig("unfenced"), history: b.build(), storage };
}

describe("writes a power loss may have rolled back", () => {
  it("doubts an accepted write never acknowledged whose node lost power after it was sent", () => {
    const { history, storage } = run();
    expect(rolledBack(history, storage).inDoubt(0)).toBe(true);
    expect(rolledBack(history, storage).inDoubt(1)).toBe(false);
  });

  it("does not doubt an acknowledged write, nor one sent after the loss had ended", () => {
    const acknowledged = run({ answered: true });
    expect(rolledBack(acknowledged.history, acknowledged.storage).inDoubt(0)).toBe(false);
    const before = run({ loss: [250, 290] });
    expect(rolledBack(before.history, before.storage).inDoubt(0)).toBe(false);
  });

  it("reads from our storage's highest token whether the node still held it, and finds an S3 proxy's fate unknown", () => {
    const at = (shape: Shape) => {
      const { history, storage } = run(shape);
      return rolledBack(history, storage).presentAt(0, 1);
    };
    expect(at({ highest: null })).toBe("absent");
    expect(at({ highest: "1" })).toBe("absent");
    expect(at({ highest: "2" })).toBe("present");
    expect(at({ highest: null, mode: "s3" })).toBe("unknown");
  });
});

describe("fencing after a power loss", () => {
  it("does not call a write stale against a write the node had lost", () => {
    expect(checkFencing(run())).toMatchObject({ valid: true, violations: [], undecided: 0 });
  });

  it("still calls it stale when the node held the higher token, or when the higher write was acknowledged", () => {
    expect(checkFencing(run({ highest: "2" })).valid).toBe(false);
    expect(checkFencing(run({ answered: true })).valid).toBe(false);
  });

  it("is unknown, never invalid, on the S3 proxy, whose highest token does not survive its restart", () => {
    const result = checkFencing(run({ mode: "s3" }));
    expect(result).toMatchObject({ valid: "unknown", violations: [], undecided: 1, staleWritesJudged: false });
    expect(result.reason).toMatch(/a power loss may have rolled back/);
  });
});
