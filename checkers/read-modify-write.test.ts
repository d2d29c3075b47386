/**
 * One definition of a read-modify-write under conditional storage, shared
 * by every checker: a paused holder wakes, reads the next holder's value,
 * and writes with the version it read but a lower token. Storage took it
 * because that version was still current: no update was lost, so it is not
 * stale. Where storage ignored the condition (or had none), the same write
 * overwrote the next holder's without having read it.
 */
import { describe, expect, it } from "vitest";
import type { CheckInput, StorageKind, StorageRecord } from "../core/index.js";
import { checkFencing } from "./fencing/fencing-checker.js";
import { checkFinalState } from "./final-state/final-state-checker.js";
import { checkLinearizable } from "./fenced-register/linearizable-checker.js";
import { checkRealTime } from "./real-time/real-time-checker.js";
import { historyBuilder, storageRecord, testRunConfig } from "./testing/index.js";

/**
 * Client 3 takes r1 with token 33 and is paused; client 1 takes it with 34 and writes "v1-7"; client 3
 * wakes, reads "v1-7", and writes "v3-2" under 33; the final read sees "v3-2". `conditionHeld` is what
 * storage recorded of each write's version; with `readEarly`, client 3 read r1 (empty) before it was
 * paused and not again.
 */
function readModifyWrite(kind: StorageKind, conditionHeld: boolean | undefined, readEarly = false): CheckInput {
  const b = historyBuilder({ nodes: { 1: "c1", 3: "c2" } }).acquire(3, "r1", "33", [2090, 2100]);
  if (readEarly) b.read(3, "r1", null, null, [2100, 2100.5]);
  b
    .pause(["c2"], { process: 3, resource: "r1", token: "33", durationMs: 3000, reason: "holder" }, [2101, 2102])
    .acquire(1, "r1", "34", [2200, 4120])
    .write(1, "r1", "v1-7", "34", [4130, 4140])
    .release(1, "r1", "34", [4150, 4160])
    .resume(["c2"], [5100, 5101]);
  if (!readEarly) b.read(3, "r1", "v1-7", "34", [5102, 5105]);
  const history = b
    .write(3, "r1", "v3-2", "33", [5110, 5120])
    .release(3, "r1", "33", [5130, 5140], true)
    .read(1, "r1", "v3-2", "33", [6000, 6010])
    .build();
  const condition = conditionHeld === undefined ? {} : { conditionHeld };
  const storage: StorageRecord[] = [
    storageRecord({ key: "r1", value: "v1-7", token: "34", client: "1", mode: kind, atMs: 4135, serial: true, ...(conditionHeld === undefined ? {} : { conditionHeld: true }) }),
    storageRecord({ key: "r1", value: "v3-2", token: "33", client: "3", mode: kind, atMs: 5115, highest: "34", serial: true, ...condition }),
  ];
  const config = testRunConfig(kind, { lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } } });
  return { config, history, storage };
}

function verdicts(input: CheckInput): Record<string, unknown> {
  return {
    fencing: checkFencing(input).valid,
    "real-time": checkRealTime(input).valid,
    "final-state": checkFinalState(input).valid,
    linearizable: checkLinearizable(input).valid,
  };
}

describe("a read-modify-write with a lower token", () => {
  it("is valid by every checker when conditional storage took it because the version it read was still current", () => {
    expect(verdicts(readModifyWrite("cas", true))).toEqual({ fencing: true, "real-time": true, "final-state": true, linearizable: true });
  });

  it("is invalid by every checker when storage took it although its condition did not hold", () => {
    expect(verdicts(readModifyWrite("s3-conditional", false, true))).toEqual({ fencing: false, "real-time": false, "final-state": false, linearizable: false });
  });

  it("is invalid by every checker that judges it on unconditional storage", () => {
    expect(verdicts(readModifyWrite("unfenced", undefined))).toEqual({ fencing: false, "real-time": false, "final-state": false, linearizable: false });
  });
});
