import { describe, expect, it } from "vitest";
import { mergeRunFile } from "./run-file.js";

const KNOWN = ["config", "nemesis", "nemesisInterval", "faultOpt", "timeLimit", "seed", "singleWriter"];
const DEFAULTS = { nemesis: "none", nemesisInterval: "3", faultOpt: [] as readonly string[], timeLimit: "20" };

describe("mergeRunFile", () => {
  it("takes the file's values where the command line gave none, as strings", () => {
    const merged = mergeRunFile(DEFAULTS, { nemesis: ["partition", "kill"], nemesisInterval: 5, seed: 7 }, { known: KNOWN, fromCli: new Set() });
    expect(merged).toMatchObject({ nemesis: "partition,kill", nemesisInterval: "5", seed: "7", timeLimit: "20" });
  });

  it("lets flags given on the command line override the file", () => {
    const opts = { ...DEFAULTS, timeLimit: "10" };
    const merged = mergeRunFile(opts, { timeLimit: 60, nemesis: "kill" }, { known: KNOWN, fromCli: new Set(["timeLimit"]) });
    expect(merged).toMatchObject({ timeLimit: "10", nemesis: "kill" });
  });

  it("puts the file's fault options before the command line's, from either form", () => {
    const opts = { ...DEFAULTS, faultOpt: ["kill.durationMs=900"] };
    const file = { faultOpt: { kill: { durationMs: 500 }, partition: { nodes: "lock" } } };
    const merged = mergeRunFile(opts, file, { known: KNOWN, fromCli: new Set(["faultOpt"]) });
    expect(merged.faultOpt).toEqual(["kill.durationMs=500", "partition.nodes=lock", "kill.durationMs=900"]);
  });

  it.each([
    ["an unknown option", { nemessis: "kill" }],
    ["a nested config", { config: "other.json" }],
    ["a non-object file", ["kill"]],
    ["an object value", { timeLimit: { s: 1 } }],
  ])("refuses %s", (_what, file) => {
    expect(() => mergeRunFile(DEFAULTS, file, { known: KNOWN, fromCli: new Set() })).toThrow(expect.objectContaining({ code: "config.invalid" }));
  });
});
