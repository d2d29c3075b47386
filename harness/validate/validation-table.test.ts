import { describe, expect, it } from "vitest";
import { builtInAdapters, builtInService } from "../../workloads/index.js";
import { cellName, cellRuns, onSeed, parseCellChoice, resolveRow, selectRows } from "./validation-cells.js";
import { DESIGNS, FAULTS, OTHER_DESIGN_CELLS, VALIDATION_TABLE } from "./validation-table.js";

const BUILT_IN = ["reference", "etcd", "zookeeper", "postgres", "quorum", "redis-token", "redis", "redlock"];
const COLUMNS = ["kill-storage", "kill-lock", "partition-holder", "loss", "pause(storage,client)", "delay", "clock-skew(client,storage)"];

describe("the validation table", () => {
  it("puts every built-in lock service under every fault of the issue's matrix, each expected valid", () => {
    for (const service of BUILT_IN) {
      for (const fault of COLUMNS) {
        const row = VALIDATION_TABLE.find((r) => r.design === service && r.fault === fault);
        expect(row, `${service}/${fault}`).toBeDefined();
        expect(resolveRow(row!, "/root").expect, `${service}/${fault}`).toBe("valid");
      }
    }
  });

  it("has a row for every lock service fencecheck list lists, and names no other built-in one", () => {
    const listed = builtInAdapters().map((a) => a.name);
    const locks = DESIGNS.flatMap((d) => (d.argv?.includes("--lock") ? [d.argv[d.argv.indexOf("--lock") + 1]!] : []));
    for (const name of listed) expect(locks, `fencecheck list's "${name}" has no row`).toContain(name);
    for (const lock of locks.filter((l) => !l.includes("/"))) expect(listed).toContain(lock);
  });

  it("gives every cell one sentence of reason and declares no cell twice", () => {
    const names = VALIDATION_TABLE.map(cellName);
    expect(new Set(names).size).toBe(names.length);
    for (const row of VALIDATION_TABLE) {
      const { why } = resolveRow(row, "/root");
      expect(why.trim().length, cellName(row)).toBeGreaterThan(20);
      expect(why, cellName(row)).not.toMatch(/\.\s+[A-Z]/);
    }
  });

  it("takes each built-in lock service's cells from its record, and the other designs' from the table", () => {
    for (const { name } of builtInAdapters()) {
      const record = builtInService(name)!;
      const rows = VALIDATION_TABLE.filter((r) => r.design === name);
      expect(rows.map((r) => r.fault).sort(), name).toEqual(Object.keys(record.validation).sort());
      for (const row of rows) expect(row, cellName(row)).toEqual({ design: name, fault: row.fault, ...record.validation[row.fault] });
    }
    const others = DESIGNS.filter((d) => builtInService(d.name) === undefined).map((d) => d.name);
    expect(others).toEqual(["custom-lock", "go-monotonic", "redlock-unfenced", "quorum-2-of-4", "early-lock", "go-wallclock"]);
    for (const design of others) expect(VALIDATION_TABLE.some((r) => r.design === design), design).toBe(true);
    for (const row of OTHER_DESIGN_CELLS) {
      expect(others, cellName(row)).toContain(row.design);
      expect(VALIDATION_TABLE, cellName(row)).toContainEqual(row);
    }
  });

  it("reads row by row in the designs' order, and within a row column by column in the faults' order", () => {
    const at = (row: { design: string; fault: string }): [number, number] => [DESIGNS.findIndex((d) => d.name === row.design), FAULTS.findIndex((f) => f.name === row.fault)];
    for (let i = 1; i < VALIDATION_TABLE.length; i++) {
      const [d0, f0] = at(VALIDATION_TABLE[i - 1]!);
      const [d1, f1] = at(VALIDATION_TABLE[i]!);
      expect(d1 > d0 || (d1 === d0 && f1 > f0), cellName(VALIDATION_TABLE[i]!)).toBe(true);
    }
  });

  it("uses only designs and faults it declares", () => {
    for (const row of VALIDATION_TABLE) {
      expect(DESIGNS.map((d) => d.name), cellName(row)).toContain(row.design);
      expect(FAULTS.map((f) => f.name), cellName(row)).toContain(row.fault);
    }
  });

  it("expects every known-broken design invalid (or only measures its catch rate), and has one for lease clocks (of Node and of Go), small quorums, early grants, lost grants, lost counters, unsynced counters and a lock without tokens", () => {
    const broken = VALIDATION_TABLE.filter((r) => DESIGNS.find((d) => d.name === r.design)?.knownBroken);
    expect([...new Set(broken.map((r) => r.design))].sort()).toEqual(["early-lock", "go-wallclock", "quorum-2-of-4", "redis-token-volatile", "redlock-unfenced", "reference-nosync", "reference-timer", "reference-wallclock"]);
    for (const row of broken) expect(["invalid", "either"], cellName(row)).toContain(resolveRow(row, "/root").expect);
    expect(broken.filter((r) => resolveRow(r, "/root").expect === "invalid").map((r) => r.design)).toContain("reference-timer");
    expect(broken.filter((r) => resolveRow(r, "/root").expect === "invalid").map((r) => r.design)).toContain("reference-nosync");
  });

  it("expects Redlock over storage that takes any write invalid when a majority of its masters' clocks jump forward, as its scenario declares, in --cells ci", () => {
    const row = VALIDATION_TABLE.find((r) => r.design === "redlock-unfenced" && r.fault === "clock-jump-majority-forward(lock)")!;
    const resolved = resolveRow(row, "/root");
    expect(resolved.expect).toBe("invalid");
    expect(resolved.argv).toEqual(expect.arrayContaining(["redlock", "unfenced", "clock-jump.count=majority", "clock-jump.direction=forward"]));
    expect(row.ci).toBe(true);
  });

  it("takes a cell a scenario declares from the scenario, command line and reason", () => {
    const row = VALIDATION_TABLE.find((r) => r.design === "quorum-2-of-4")!;
    const resolved = resolveRow(row, "/root");
    expect(resolved.argv).toEqual(expect.arrayContaining(["--lock-quorum", "2", "--lock-nodes", "4", "--nemesis", "partition-halves"]));
    expect(resolved.why).toMatch(/quorum of its own/);
  });
});

describe("--cells ci", () => {
  const ci = selectRows("ci");

  it("covers every built-in lock service and every fault at least once", () => {
    for (const service of BUILT_IN) expect(ci.map((r) => r.design), service).toContain(service);
    for (const fault of FAULTS) expect(ci.map((r) => r.fault), fault.name).toContain(fault.name);
  });

  it("includes a known-broken design", () => {
    expect(ci.some((r) => DESIGNS.find((d) => d.name === r.design)?.knownBroken)).toBe(true);
  });

  it("is a subset small enough for CI's 15 minutes at two cells of about 30 s at a time", () => {
    expect(ci.length).toBeLessThan(VALIDATION_TABLE.length);
    expect(ci.length * 30 / 2).toBeLessThan(15 * 60);
  });
});

describe("--cells ci --runtime docker", () => {
  const ci = selectRows("ci", "docker");

  it("covers every built-in lock service, every fault of the issue's columns and a known-broken design", () => {
    for (const service of BUILT_IN) expect(ci.map((r) => r.design), service).toContain(service);
    for (const fault of COLUMNS) expect(ci.map((r) => r.fault), fault).toContain(fault);
    expect(ci.some((r) => DESIGNS.find((d) => d.name === r.design)?.knownBroken)).toBe(true);
  });

  it("is smaller than the local runtime's, a docker cell taking about twice as long", () => {
    expect(ci.length).toBeLessThan(selectRows("ci").length);
  });
});

describe("cellRuns", () => {
  const options = { seeds: 2, timeLimitSeconds: 10, runtime: "docker", store: "/s", root: "/pkg" } as const;

  it("runs each selected cell once per seed, the matrix's time limit, seed, runtime and store last so they win", () => {
    const runs = cellRuns({ ...options, cells: ["etcd/kill-lock"] });
    expect(runs.map((r) => r.seed)).toEqual([1, 2]);
    expect(runs[1]!.argv.slice(-10)).toEqual(["--time-limit", "10", "--seed", "2", "--runtime", "docker", "--store", "/s", "--name", "validate-etcd-kill-lock"]);
    expect(runs[0]!.argv.slice(0, 6)).toEqual(["--lock", "etcd", "--storage", "fenced", "--nemesis", "kill-lock"]);
  });

  it("runs a cell with a long fault interval of its own for three intervals, so its first fault's recovery falls inside", () => {
    const [run] = cellRuns({ ...options, seeds: 1, cells: ["reference-nosync/lose-unfsynced-lock"] });
    expect(run!.argv).toContain("--nemesis-interval");
    expect(run!.argv.slice(-10, -8)).toEqual(["--time-limit", "15"]);
  });

  it("moves a run to another seed in place, so its other flags keep their order", () => {
    const [run] = cellRuns({ ...options, seeds: 1, cells: ["etcd/kill-lock"] });
    const moved = onSeed(run!, 3);
    expect(moved.seed).toBe(3);
    expect(moved.argv).toEqual(run!.argv.map((a, i) => (run!.argv[i - 1] === "--seed" ? "3" : a)));
  });

  it("puts the package root into the path of an adapter that ships with fencecheck", () => {
    const [run] = cellRuns({ ...options, seeds: 1, cells: ["early-lock"] });
    expect(run!.argv).toContain("/pkg/harness/cli/testdata/early-lock/adapter.mjs");
  });

  it("selects by design, by fault, and by a cell name whose fault has a comma in parentheses", () => {
    expect(parseCellChoice("redis/pause(storage,client),loss")).toEqual(["redis/pause(storage,client)", "loss"]);
    const rows = selectRows(parseCellChoice("redis/pause(storage,client),loss"));
    expect(rows.map(cellName)).toEqual(expect.arrayContaining(["redis/pause(storage,client)", "etcd/loss", "redlock/loss"]));
    expect(rows.filter((r) => r.design === "redis")).toHaveLength(2);
  });

  it("refuses a name that is no cell, design or fault", () => {
    expect(() => selectRows(["etcd/kill-everything"], "local")).toThrow(/no cell, design or fault/);
  });
});
