import { describe, expect, it } from "vitest";
import { catchRates, cellGot, cellHazards, matches, validateExitCode, wantsAnotherTry, type CellResult } from "./cell-verdict.js";
import type { CellRun, Expectation } from "./validation-types.js";

function run(expect: Expectation, cell = "etcd/kill-lock", knownBroken = false): CellRun {
  const [design, fault] = cell.split("/") as [string, string];
  return { cell, design, fault, seed: 1, expect, why: "because", knownBroken, argv: [] };
}

describe("cellGot", () => {
  const end = (code: number | null, stdout = "", timedOut = false) => ({ code, signal: code === null ? "SIGKILL" : null, timedOut, stdout });

  it("reads exit 0 with a valid line as valid and exit 1 with an INVALID line as invalid", () => {
    expect(cellGot(end(0, "valid (fencing: ok)\nreport: r.html\n"))).toBe("valid");
    expect(cellGot(end(0, "valid, vacuous (fencing: ok; hazards: none)\nreport: r.html\n"))).toBe("valid");
    expect(cellGot(end(1, "INVALID (fencing: FAIL)\nreport: r.html\n"))).toBe("invalid");
  });

  it("reads exit 1 without an INVALID line (Node's uncaught exception) as a crash, never as invalid", () => {
    expect(cellGot(end(1, ""))).toBe("crashed");
    expect(cellGot(end(0, "unknown (fencing: unknown)"))).toBe("crashed");
  });

  it("reads 2, 254, 255, a signal and the hard timeout as outcomes that are no verdict", () => {
    expect(cellGot(end(2))).toBe("unknown");
    expect(cellGot(end(254))).toBe("bad-input (254)");
    expect(cellGot(end(255))).toBe("harness-error (255)");
    expect(cellGot(end(null))).toBe("killed");
    expect(cellGot(end(0, "valid (x)", true))).toBe("timeout");
  });
});

describe("matches", () => {
  it("holds only when the run gave the declared verdict", () => {
    expect(matches({ run: run("valid"), got: "valid" })).toBe(true);
    expect(matches({ run: run("invalid"), got: "invalid" })).toBe(true);
    expect(matches({ run: run("valid"), got: "invalid" })).toBe(false);
    expect(matches({ run: run("invalid"), got: "valid" })).toBe(false);
  });

  it("counts unknown, 254, 255, a kill and a timeout as mismatches whatever was declared", () => {
    for (const got of ["unknown", "bad-input (254)", "harness-error (255)", "killed", "crashed", "timeout"] as const) {
      expect(matches({ run: run("valid"), got }), got).toBe(false);
      expect(matches({ run: run("invalid"), got }), got).toBe(false);
    }
  });
});

describe("validateExitCode", () => {
  const ok: CellResult = { run: run("valid"), got: "valid", seconds: 1 };

  it("is 0 when every planned run gave its declared verdict", () => {
    expect(validateExitCode([ok, { run: run("invalid"), got: "invalid", seconds: 1 }], 2)).toBe(0);
  });

  it("is 1 when one run exited 254, 255 or timed out", () => {
    for (const got of ["bad-input (254)", "harness-error (255)", "timeout"] as const) {
      expect(validateExitCode([ok, { run: run("valid"), got, seconds: 1 }], 2), got).toBe(1);
    }
  });

  it("is 1 for a known-broken design that was not caught", () => {
    expect(validateExitCode([{ run: run("invalid"), got: "valid", seconds: 1 }], 1)).toBe(1);
  });

  it("is 2 when interrupted before every run was made, and 1 if a mismatch came first", () => {
    expect(validateExitCode([ok, { run: run("valid"), got: "not run", seconds: 0 }], 2)).toBe(2);
    expect(validateExitCode([{ run: run("valid"), got: "invalid", seconds: 1 }, { run: run("valid"), got: "not run", seconds: 0 }], 2)).toBe(1);
  });
});

describe("catchRates", () => {
  it("counts, per known-broken cell, the seeds on which it was found invalid", () => {
    const wall = run("invalid", "reference-wallclock/clock-jump(lock)", true);
    const results: CellResult[] = [
      { run: wall, got: "invalid", seconds: 1 },
      { run: { ...wall, seed: 2 }, got: "valid", seconds: 1 },
      { run: { ...wall, seed: 3 }, got: "invalid", seconds: 1 },
      { run: { ...wall, seed: 4 }, got: "not run", seconds: 0 },
      ok(),
    ];
    expect(catchRates(results)).toEqual([{ cell: "reference-wallclock/clock-jump(lock)", caught: 2, runs: 3 }]);
  });

  it("counts the tries that missed before a catch as runs", () => {
    const wall = run("invalid", "reference-wallclock/clock-jump(lock)", true);
    const missed: CellResult = { run: wall, got: "valid", seconds: 1 };
    const results: CellResult[] = [{ run: { ...wall, seed: 2 }, got: "invalid", seconds: 1, missedTries: [missed] }];
    expect(catchRates(results)).toEqual([{ cell: "reference-wallclock/clock-jump(lock)", caught: 1, runs: 2 }]);
  });
});

describe("wantsAnotherTry", () => {
  it("is true only for a known-broken design's run that found no violation", () => {
    const broken = run("invalid", "reference-timer/kill-after-grant", true);
    expect(wantsAnotherTry({ run: broken, got: "valid" })).toBe(true);
    expect(wantsAnotherTry({ run: broken, got: "unknown" })).toBe(false);
    expect(wantsAnotherTry({ run: broken, got: "harness-error (255)" })).toBe(false);
    expect(wantsAnotherTry({ run: run("valid"), got: "invalid" })).toBe(false);
    expect(wantsAnotherTry({ run: { ...broken, expect: "either" }, got: "valid" })).toBe(false);
  });
});

function ok(): CellResult {
  return { run: run("valid"), got: "valid", seconds: 1 };
}

describe("a cell run's hazards", () => {
  it("are read from its verdict line with whether it was vacuous, and nothing from a line that states none", () => {
    expect(cellHazards("valid, vacuous (fencing: ok; hazards: none)\nreport: r\n")).toEqual({ hazards: "none", vacuous: true });
    expect(cellHazards("INVALID (fencing: FAIL; hazards: paused-past-lease x2, stale-write-accepted x1)\n")).toEqual({ hazards: "paused-past-lease x2, stale-write-accepted x1", vacuous: false });
    expect(cellHazards("valid (fencing: ok)\n")).toEqual({});
  });
});
