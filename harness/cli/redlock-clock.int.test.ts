/**
 * Kleppmann's argument against Redlock on real Redis masters, through the
 * CLI: the redlock-clock scenario's first variant (Redlock, unconditional
 * storage, a majority of the masters' clocks jumping forward right after a
 * grant) on one seed. The clock injector moves redis-server's clock, a
 * client takes the two emptied masters while the first lease is live, and
 * the lock-service checker reports the double grant; the report's story
 * names the jump. Needs root, a build, redis-server and native/clock-inject.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findScenario, SCENARIO_DEFAULTS } from "../scenario/index.js";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-redlock-clock-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

interface ClockOp { readonly process: unknown; readonly f: string; readonly type: string; readonly value: { skews: Record<string, { offsetMs: number }> } }

describe("Redlock when a majority of its masters' clocks jump forward right after a grant", () => {
  it("grants one lock to two clients at once, which the lock-service checker reports and the story tells with the jump", { timeout: 60_000 }, async () => {
    const variant = findScenario("redlock-clock")?.variants[0];
    expect(variant?.argv).toEqual(expect.arrayContaining(["redlock", "unfenced", "clock-jump.count=majority"]));
    const ran = await runCli(["run", ...SCENARIO_DEFAULTS, ...(variant?.argv ?? []), "--seed", "1", "--store", store]);
    expect([ran.code, ran.stdout.split("\n")[0]], ran.stderr).toEqual([1, expect.stringMatching(/^INVALID \(.*lock-service: FAIL/)]);
    const results = JSON.parse(readFileSync(join(store, "latest", "results.json"), "utf8")) as { results: { "lock-service": { doubleGrants: unknown[] } } };
    expect(results.results["lock-service"].doubleGrants.length).toBeGreaterThan(0);
    const ops = readFileSync(join(store, "latest", "history.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as ClockOp);
    const jumps = ops.filter((op) => op.process === "nemesis" && op.f === "clock" && op.type === "invoke");
    for (const jump of jumps) expect(Object.values(jump.value.skews).map((s) => s.offsetMs)).toEqual([4000, 4000]);
    expect(readFileSync(join(store, "latest", "report.html"), "utf8")).toMatch(/moved the clocks of lock nodes l\d and l\d \(2 of 3, a majority\) 4000 ms forward/);
  });
});
