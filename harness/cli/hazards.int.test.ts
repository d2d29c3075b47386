/**
 * Hazards on real runs: a fault-free run of a correct service is valid and
 * vacuous (nothing was put to the test), `--fail-vacuous` makes it exit 2;
 * `pause-holder` on fenced storage brings about the hazard it aims at (a
 * paused holder outlived by the next grant), so its valid run counts.
 * Needs root, libfaketime and a build.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-hazards-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

function results(): { hazards: Record<string, number>; vacuous: boolean; aims: string[] } {
  return JSON.parse(readFileSync(join(store, "latest", "results.json"), "utf8")) as { hazards: Record<string, number>; vacuous: boolean; aims: string[] };
}

describe("hazards and vacuous runs", () => {
  it("marks a fault-free run of a correct service vacuous, and fails it only under --fail-vacuous", { timeout: 120_000 }, async () => {
    const base = ["run", "--lock", "reference", "--storage", "fenced", "--nemesis", "none", "--time-limit", "3", "--seed", "1", "--store", store];
    const plain = await runCli(base);
    expect([plain.code, plain.stdout.split("\n")[0]]).toEqual([0, expect.stringMatching(/^valid, vacuous \(.*; hazards: /)]);
    expect(plain.stdout).toMatch(/^ {2}vacuous: /m);
    expect(results()).toMatchObject({ vacuous: true, aims: [] });
    expect(readFileSync(join(store, "latest", "report.html"), "utf8")).toMatch(/<p class="verdict-vacuous">Vacuous: /);
    const strict = await runCli([...base, "--fail-vacuous"]);
    expect(strict.code).toBe(2);
  });

  it("counts pause-holder's paused-past-lease on fenced storage, so its valid run is not vacuous", { timeout: 120_000 }, async () => {
    const ran = await runCli(["run", "--lock", "reference", "--storage", "fenced", "--nemesis", "pause-holder", "--time-limit", "8", "--seed", "1", "--fail-vacuous", "--store", store]);
    expect(ran.code, ran.stdout).toBe(0);
    expect(ran.stdout.split("\n")[0]).toMatch(/^valid \(.*hazards: .*paused-past-lease x\d+/);
    expect(results()).toMatchObject({ vacuous: false, aims: ["paused-past-lease"], hazards: { "paused-past-lease": expect.any(Number) } });
  });
});
