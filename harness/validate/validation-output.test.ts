import { describe, expect, it } from "vitest";
import { junitCasesXml, renderMatrixHtml } from "../../reports/index.js";
import type { CellResult } from "./cell-verdict.js";
import { cellLine, summaryLines, validationCases, validationPage } from "./validation-output.js";
import type { CellRun } from "./validation-types.js";

const etcd: CellRun = { cell: "etcd/kill-lock", design: "etcd", fault: "kill-lock", seed: 1, expect: "valid", why: "etcd keeps a majority", knownBroken: false, argv: ["--lock", "etcd"] };
const wall: CellRun = { cell: "reference-wallclock/clock-jump(lock)", design: "reference-wallclock", fault: "clock-jump(lock)", seed: 1, expect: "invalid", why: "early expiry", knownBroken: true, argv: [] };
const results: CellResult[] = [
  { run: etcd, got: "valid", seconds: 14.94, reportPath: "/s/etcd/report.html" },
  { run: { ...etcd, seed: 2 }, got: "harness-error (255)", seconds: 3, reportPath: "/s/v/cells/etcd-seed2.log", detail: "fencecheck: Cannot start node \"l1\"" },
  { run: wall, got: "invalid", seconds: 12, reportPath: "/s/wall/report.html" },
  { run: { ...wall, seed: 2 }, got: "valid", seconds: 12, reportPath: "/s/wall2/report.html" },
];

describe("validate's output", () => {
  it("prints one line per run: mark, cell, seed, expected, got, seconds, report", () => {
    expect(cellLine(results[0]!)).toBe("ok   etcd/kill-lock seed 1: expected valid, got valid, 14.9 s, /s/etcd/report.html");
    expect(cellLine(results[1]!)).toMatch(/^MISS etcd\/kill-lock seed 2: expected valid, got harness-error \(255\) \(fencecheck: Cannot start node "l1"\), 3.0 s, \/s\/v\/cells\/etcd-seed2.log$/);
  });

  it("names the hazards a run's verdict line stated, marks a vacuous run, and lists the vacuous ones in the summary", () => {
    const vacuous: CellResult = { run: etcd, got: "valid", seconds: 10, reportPath: "/s/e/report.html", hazards: "none", vacuous: true };
    expect(cellLine(vacuous)).toBe("ok   etcd/kill-lock seed 1: expected valid, got valid, vacuous [hazards: none], 10.0 s, /s/e/report.html");
    expect(summaryLines([vacuous]).at(-1)).toBe("vacuous (valid, but their faults never brought about what they aim at): etcd/kill-lock seed 1");
    const cell = validationPage([vacuous], { command: "c", stamp: "s", root: "/r", href: (p) => p }).cells.find((c) => c.design === "etcd" && c.fault === "kill-lock");
    expect(cell).toMatchObject({ label: "valid, vacuous", summary: "hazards: none" });
  });

  it("marks a known-broken run that missed its catch as a try, naming the seed tried next, and MISS when none follows", () => {
    expect(cellLine(results[3]!, 4)).toBe("try  reference-wallclock/clock-jump(lock) seed 2: expected invalid, got valid (not caught: trying seed 4), 12.0 s, /s/wall2/report.html");
    expect(cellLine(results[3]!)).toMatch(/^MISS reference-wallclock/);
  });

  it("sums up the mismatches and each known-broken cell's catch rate", () => {
    expect(summaryLines(results)).toEqual([
      "2 of 4 runs gave their declared verdict",
      "mismatched: etcd/kill-lock seed 2 (harness-error (255)), reference-wallclock/clock-jump(lock) seed 2 (valid)",
      "known broken reference-wallclock/clock-jump(lock): caught on 1 of 2 seeds",
    ]);
  });

  it("shows a cell's first mismatching run on the page, names its outcome, and links every seed's run", () => {
    const page = validationPage(results, { command: "fencecheck validate", stamp: "t", root: ".", href: (p) => `rel${p}` });
    const cell = page.cells.find((c) => c.design === "etcd")!;
    expect(cell).toMatchObject({ valid: undefined, label: "harness-error (255)", expected: true, href: "rel/s/v/cells/etcd-seed2.log", summary: "1 of 2 seeds as declared" });
    expect(cell.links?.map((l) => l.text)).toEqual(["seed 1: valid", "seed 2: harness-error (255)"]);
    expect(page.notes).toContain("known broken reference-wallclock/clock-jump(lock): caught on 1 of 2 seeds");
    expect(renderMatrixHtml(page)).toContain(">harness-error (255)</a>");
  });

  it("writes the package root as given in a design's options, and groups the columns", () => {
    const early: CellRun = { ...wall, cell: "early-lock/none", design: "early-lock", fault: "none" };
    const page = validationPage([...results, { run: early, got: "invalid", seconds: 1 }], { command: "c", stamp: "t", root: "/opt/fc", href: (p) => p });
    expect(page.designs.find((d) => d.name === "early-lock")?.description).toBe("known broken; --workload lock-mutex --lock /opt/fc/harness/cli/testdata/early-lock/adapter.mjs --clients 3");
    expect(page.groups).toEqual([{ name: "crashes", faults: ["kill-lock"] }, { name: "clocks", faults: ["clock-jump(lock)"] }, { name: "no fault", faults: ["none"] }]);
  });

  it("marks no verdict of a cell that expects either as unexpected", () => {
    const either: CellRun = { ...wall, cell: "reference-timer/kill-lock", design: "reference-timer", fault: "kill-lock", expect: "either" };
    const page = validationPage([{ run: either, got: "valid", seconds: 1 }], { command: "c", stamp: "t", root: ".", href: (p) => p });
    expect(page.cells[0]?.expected).toBeUndefined();
  });

  it("writes one JUnit case per run, failing exactly the mismatches", () => {
    const xml = junitCasesXml("fencecheck.validate", validationCases(results));
    expect(xml).toContain(`tests="4" failures="2"`);
    expect(xml).toContain(`<failure type="mismatch" message="expected valid, got harness-error (255)">`);
    expect(xml).toContain(`name="reference-wallclock/clock-jump(lock) seed 2"`);
  });
});
