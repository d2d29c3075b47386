import { describe, expect, it } from "vitest";
import { outcomeExitCode, printOutcome, type PrintableOutcome } from "./print-outcome.js";

function printed(outcome: PrintableOutcome): string {
  let out = "";
  printOutcome({ out: (t) => { out += t; }, err: () => undefined, isTty: false }, outcome);
  return out;
}

describe("printOutcome", () => {
  it("shows a not-applicable checker as n/a, and a valid run exits 0", () => {
    const outcome: PrintableOutcome = {
      valid: true, dir: "d", reportPath: "d/report.html",
      results: { fencing: { valid: "n/a", reason: "no fencing token" }, "real-time": { valid: true }, stats: { valid: true } },
    };
    expect(printed(outcome).split("\n")[0]).toBe("valid (fencing: n/a, real-time: ok, stats: ok)");
    expect(outcomeExitCode(outcome)).toBe(0);
  });

  it("says on the line after the verdict why an unknown run is unknown, and exits 2", () => {
    const outcome: PrintableOutcome = {
      valid: "unknown", reason: "nothing could tell a stale write (fencing: no fencing token; real-time: no fixed TTL)", dir: "d",
      results: { fencing: { valid: "n/a" }, "real-time": { valid: "n/a" } },
    };
    expect(printed(outcome).split("\n").slice(0, 2)).toEqual([
      "unknown (fencing: n/a, real-time: n/a)",
      "  unknown: nothing could tell a stale write (fencing: no fencing token; real-time: no fixed TTL)",
    ]);
    expect(outcomeExitCode(outcome)).toBe(2);
  });

  it("names the hazards a run went through on its verdict line, marks a vacuous one, and fails it only when asked", () => {
    const exercised: PrintableOutcome = { valid: true, dir: "d", results: { fencing: { valid: true } }, hazards: { "paused-past-lease": 2, "stale-write-rejected": 4 }, vacuous: false, aims: ["paused-past-lease"] };
    expect(printed(exercised).split("\n")[0]).toBe("valid (fencing: ok; hazards: stale-write-rejected x4, paused-past-lease x2)");
    const vacuous: PrintableOutcome = { ...exercised, hazards: { "holder-outlived": 1 }, vacuous: true };
    expect(printed(vacuous).split("\n").slice(0, 2)).toEqual([
      "valid, vacuous (fencing: ok; hazards: holder-outlived x1)",
      "  vacuous: none of the hazards its faults aim at (paused-past-lease) happened: the protection they test was never needed",
    ]);
    expect(outcomeExitCode(vacuous)).toBe(0);
    expect(outcomeExitCode(vacuous, { failVacuous: true })).toBe(2);
    expect(outcomeExitCode(exercised, { failVacuous: true })).toBe(0);
  });
});
