import { describe, expect, it } from "vitest";
import type { CheckResult } from "../core/index.js";
import { runVerdict } from "./verdict.js";

const ok: CheckResult = { valid: true };
const fail: CheckResult = { valid: false };
const unsure: CheckResult = { valid: "unknown", reason: "storage recorded no writes" };
const na: CheckResult = { valid: "n/a", reason: "does not arise" };

/** A checker that asks whether storage kept a stale holder's write. */
function asks(valid: CheckResult["valid"], judged: boolean, reason?: string): CheckResult {
  return { valid, staleWritesJudged: judged, ...(reason ? { reason } : {}) };
}

const tokenless = asks("n/a", false, "no fencing token: storage accepted 40 writes that carried none");
const noFixedTtl = asks("n/a", false, "lock service \"x\" does not declare a fixed TTL");
const tokens = asks(true, true);
const realTimeJudged = asks(true, true);
const realTimeUndecided = asks(true, false, "left 2 accepted write(s) undecided");
const realTimeFound = asks(false, true);

describe("runVerdict", () => {
  it.each([
    ["every checker valid", { a: ok, b: ok }, true],
    ["no checker at all", {}, true],
    ["one invalid among unknowns", { a: unsure, b: fail, c: ok }, false],
    ["one unknown among valids", { a: ok, b: unsure }, "unknown"],
    ["a not-applicable checker beside valid ones", { a: ok, b: na }, true],
    ["only not-applicable checkers that ask nothing", { a: na }, true],
    ["fencing judged with tokens, real-time not applicable", { fencing: tokens, "real-time": noFixedTtl, stats: ok }, true],
    ["fencing not applicable, real-time judged with a fixed TTL", { fencing: tokenless, "real-time": realTimeJudged, stats: ok }, true],
    ["fencing not applicable, real-time found a stale write", { fencing: tokenless, "real-time": realTimeFound }, false],
    ["fencing judged with tokens, real-time left writes undecided", { fencing: tokens, "real-time": realTimeUndecided }, true],
    ["fencing not applicable, real-time left writes undecided", { fencing: tokenless, "real-time": realTimeUndecided }, "unknown"],
    ["no token and no fixed TTL", { fencing: tokenless, "real-time": noFixedTtl, stats: ok }, "unknown"],
    ["no token and no fixed TTL, but a checker found a violation", { fencing: tokenless, "real-time": noFixedTtl, "lock-service": fail }, false],
    ["a workload that writes nothing (lock-mutex: no checker asks)", { mutex: ok, "lock-service": ok, stats: ok }, true],
  ] as const)("%s: %s", (_what, results, expected) => {
    expect(runVerdict(results).valid).toBe(expected);
  });

  it("says in one line why nothing could tell a stale write", () => {
    expect(runVerdict({ fencing: tokenless, "real-time": noFixedTtl }).reason).toBe(
      "nothing could tell a stale write (fencing: no fencing token: storage accepted 40 writes that carried none; real-time: lock service \"x\" does not declare a fixed TTL)",
    );
  });

  it("names the first unknown checker and its reason, its summary less its name, or its error", () => {
    expect(runVerdict({ a: ok, fencing: unsure, b: { valid: "unknown" } }).reason).toBe("fencing: storage recorded no writes");
    expect(runVerdict({ linearizable: { valid: "unknown", summary: "linearizable: undecided within 10 ms" } }).reason).toBe("linearizable: undecided within 10 ms");
    expect(runVerdict({ boom: { valid: "unknown", error: "Cannot check" } }).reason).toBe("boom: Cannot check");
    expect(runVerdict({ quiet: { valid: "unknown" } }).reason).toBe("quiet: could not decide");
  });

  it("gives no reason for a valid or an invalid verdict", () => {
    expect(runVerdict({ a: ok })).toEqual({ valid: true });
    expect(runVerdict({ a: fail, b: unsure })).toEqual({ valid: false });
  });
});
