import { describe, expect, it } from "vitest";
import { commandLine, renderMeasurementPage, type MeasurementStamp } from "./page.js";
import { MEASUREMENT_PAGES, measurementPageOf, renderMeasurementIndex } from "./pages.js";

const report = measurementPageOf("bench-report");
const stamp: MeasurementStamp = {
  date: "2026-12-07 04:40 UTC", commit: "abc1234", cores: 2, cpu: "Some CPU", node: "v20.19.0",
  loadAtStart: [1.5, 1.25, 1], loadAtEnd: [2, 1.5, 1.125], command: "npm run bench:report -- 1000000",
};

describe("a measurement page", () => {
  it("is stamped with the date, commit, machine (cores, load average at start and end) and command, above the bench's lines", () => {
    const page = renderMeasurementPage(report, stamp, ["report total   812 ms", "goal: met"]);
    expect(page).toMatch(/^# The report\n/);
    expect(page).toContain("- Measured: 2026-12-07 04:40 UTC, at commit abc1234");
    expect(page).toContain("- Command: `npm run bench:report -- 1000000`");
    expect(page).toContain("- Machine: 2 cores (Some CPU), Node v20.19.0");
    expect(page).toContain("1.50, 1.25, 1.00 at the start, 2.00, 1.50, 1.13 at the end");
    expect(page).toContain("```text\nreport total   812 ms\ngoal: met\n```\n");
  });

  it("records the command with the bench's own arguments", () => {
    expect(commandLine(report, [])).toBe("npm run bench:report");
    expect(commandLine(report, ["1000000", "--objects"])).toBe("npm run bench:report -- 1000000 --objects");
    const etcdSoak = { ...report, command: "npm run bench:soak -- --lock etcd" };
    expect(commandLine(etcdSoak, ["--lock", "etcd", "--seconds", "3600"])).toBe("npm run bench:soak -- --lock etcd --seconds 3600");
  });

  it("belongs to a bench the table knows, each with a page of its own", () => {
    expect(() => measurementPageOf("bench-nothing")).toThrow(/MEASUREMENT_PAGES/);
    expect(new Set(MEASUREMENT_PAGES.map((p) => p.file)).size).toBe(MEASUREMENT_PAGES.length);
  });
});

describe("the measurements index", () => {
  it("links the pages written and names the command of every page", () => {
    const index = renderMeasurementIndex((file) => file === "report.md");
    expect(index).toContain("| [The report](report.md) | `npm run bench:report` |");
    expect(index).toContain("| Soak (not measured yet) | `npm run bench:soak` |");
  });
});
