import { describe, expect, it } from "vitest";
import { matrixExitCode, runMatrix, type CellOutcome } from "./matrix-command.js";
import { cellArgv, parseMatrixSpec } from "./matrix-spec.js";

const text = JSON.stringify({
  name: "Reference fencing",
  defaults: { timeLimit: 10, seed: 7 },
  faults: ["none", "pause-holder"],
  designs: [
    { name: "fenced", lock: "reference", storage: "fenced", expect: "valid" },
    { name: "unfenced", lock: "reference", storage: "unfenced", singleWriter: false, expect: { "pause-holder": "invalid" } },
  ],
});

describe("fencecheck matrix", () => {
  it("turns a cell into run flags: defaults, the design's options, the fault and a name", () => {
    const spec = parseMatrixSpec(text, "m.json");
    expect(cellArgv(spec, spec.designs[1]!, "pause-holder")).toEqual([
      "--time-limit", "10", "--seed", "7", "--lock", "reference", "--storage", "unfenced",
      "--nemesis", "pause-holder", "--name", "reference-fencing-unfenced-pause-holder",
    ]);
  });

  it("refuses a file without designs, with a duplicate design or a bad expectation", () => {
    expect(() => parseMatrixSpec('{"faults":["none"],"designs":[]}', "m.json")).toThrow(/"designs" must be a non-empty list/);
    expect(() => parseMatrixSpec('{"faults":["none"],"designs":[{"name":"a"},{"name":"a"}]}', "m.json")).toThrow(/used twice/);
    expect(() => parseMatrixSpec('{"faults":["none"],"designs":[{"name":"a","expect":"fine"}]}', "m.json")).toThrow(/"fine" is not valid/);
  });

  it("runs every design under every fault and exits 0 when each verdict is the expected one", async () => {
    const spec = parseMatrixSpec(text, "m.json");
    const seen: string[] = [];
    const runCell = (argv: readonly string[]): Promise<CellOutcome> => {
      const name = argv[argv.indexOf("--name") + 1]!;
      seen.push(name);
      return Promise.resolve({ valid: name === "reference-fencing-unfenced-pause-holder" ? false : true, reportPath: `/store/${name}/t/report.html` });
    };
    const cells = await runMatrix(spec, { runCell, signal: new AbortController().signal, log: () => undefined });
    expect(seen).toHaveLength(4);
    expect(cells.map((c) => [c.design, c.fault, c.valid, c.expected])).toEqual([
      ["fenced", "none", true, true], ["fenced", "pause-holder", true, true],
      ["unfenced", "none", true, undefined], ["unfenced", "pause-holder", false, false],
    ]);
    expect(matrixExitCode(cells, 4)).toBe(0);
  });

  it("exits 1 when a verdict differs from the expected one and 255 when a cell could not run", async () => {
    const spec = parseMatrixSpec(text, "m.json");
    const allValid = await runMatrix(spec, { runCell: () => Promise.resolve({ valid: true }), signal: new AbortController().signal, log: () => undefined });
    expect(matrixExitCode(allValid, 4)).toBe(1);
    const broken = await runMatrix(spec, { runCell: () => Promise.reject(new Error("Cannot start node")), signal: new AbortController().signal, log: () => undefined });
    expect(broken[0]).toMatchObject({ valid: undefined, error: "Cannot start node" });
    expect(matrixExitCode(broken, 4)).toBe(255);
  });
});
