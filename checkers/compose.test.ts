import { describe, expect, it } from "vitest";
import type { Checker } from "../core/index.js";
import { compose } from "./compose.js";
import { seedScenario } from "./testing/seed-scenario.js";

function constant(name: string, valid: true | false | "unknown"): Checker {
  return { name, check: () => ({ valid }) };
}

describe("compose", () => {
  it("turns a checker that throws into unknown without failing the others", async () => {
    const boom: Checker = { name: "boom", check: () => { throw new Error("Cannot check: no history"); } };
    const result = await compose([constant("a", true), boom]).check(seedScenario("fenced"));
    expect(result.valid).toBe("unknown");
    expect(result.results["boom"]).toEqual({ valid: "unknown", error: "Cannot check: no history" });
    expect(result.results["a"]).toEqual({ valid: true });
  });

  it("turns a rejected async checker into unknown", async () => {
    const late: Checker = { name: "late", check: () => Promise.reject(new Error("timeout")) };
    expect((await compose([late]).check(seedScenario("fenced"))).results["late"]).toMatchObject({ valid: "unknown" });
  });

  it.each([
    [[true, true], true],
    [[true, "unknown"], "unknown"],
    [["unknown", false, true], false],
    [[], true],
  ] as const)("merges %j into %s", async (valids, expected) => {
    const checkers = valids.map((v, i) => constant(`c${i}`, v));
    expect((await compose(checkers).check(seedScenario("fenced"))).valid).toBe(expected);
  });

  it("skips a not-applicable checker, and is unknown with its reason when nothing could tell a stale write", async () => {
    const na = (name: string, reason: string): Checker => ({ name, check: () => ({ valid: "n/a", staleWritesJudged: false, reason }) });
    const result = await compose([na("fencing", "no fencing token"), na("real-time", "no fixed TTL"), constant("stats", true)]).check(seedScenario("fenced"));
    expect(result).toMatchObject({ valid: "unknown", reason: "nothing could tell a stale write (fencing: no fencing token; real-time: no fixed TTL)" });
    expect(result.results["fencing"]?.valid).toBe("n/a");
  });

  it("keeps both results when two checkers share a name", async () => {
    const result = await compose([constant("x", true), constant("x", false)]).check(seedScenario("fenced"));
    expect(Object.keys(result.results)).toEqual(["x", "x#2"]);
  });

  it("stops after the checker at which its stop reason first speaks: the checkers after it give unknown with that reason, and a violation already found stands", async () => {
    const ran: string[] = [];
    const tracked = (name: string, valid: true | false): Checker => ({ name, check: () => (ran.push(name), { valid }) });
    const stopReason = (): string | undefined => (ran.length >= 2 ? "past the memory bound" : undefined);
    const result = await compose([tracked("a", true), tracked("b", false), tracked("c", true)], { stopReason }).check(seedScenario("fenced"));
    expect(ran).toEqual(["a", "b"]);
    expect(result.results["c"]).toEqual({ valid: "unknown", reason: "not run: past the memory bound" });
    expect(result.valid).toBe(false);
    const clean = await compose([tracked("d", true), tracked("e", true)], { stopReason: () => "past the memory bound" }).check(seedScenario("fenced"));
    expect(clean.results["e"]).toEqual({ valid: "unknown", reason: "not run: past the memory bound" });
    expect(clean.valid).toBe("unknown");
  });
});
