/**
 * Two runs started together into one store, with the same name, seed and
 * options, must never share a run folder: each gets its own complete folder
 * and its own verdict (valid, with no fault at all). Before run folders were
 * created exclusively, the two histories mixed and both runs were INVALID.
 * The two must really collide (one folder named `<the other>-2`): a pair
 * that started in different seconds tests nothing, so it is tried again,
 * up to three times. Needs root and a build (runs the compiled CLI twice,
 * as separate processes).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, type CliResult } from "./testing/cli-process.js";

const base = mkdtempSync(join(tmpdir(), "fencecheck-parallel-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Waits until the wall clock is early in a second, so both runs start in the same one. */
async function startOfASecond(): Promise<void> {
  while (Date.now() % 1000 > 100) await new Promise((r) => setTimeout(r, 20));
}

/** Two runs at once into a fresh store; their results and the run folders they made. */
async function pairInto(store: string): Promise<{ results: CliResult[]; runs: string[] }> {
  const args = ["run", "--nemesis", "none", "--time-limit", "3", "--seed", "61", "--clients", "3", "--store", store];
  await startOfASecond();
  const results = await Promise.all([runCli(args), runCli(args)]);
  return { results, runs: readdirSync(join(store, "reference-fenced-none")).sort() };
}

/** Whether the folders are one name and the same name with `-2`: the second run found the first's folder taken. */
function collided(runs: readonly string[]): boolean {
  return runs.length === 2 && runs[1] === `${runs[0]}-2`;
}

describe("two runs started together into one store", () => {
  it("collide on one folder name, and each get their own complete folder and are valid", async () => {
    let pair = await pairInto(join(base, "1"));
    for (let attempt = 2; attempt <= 3 && !collided(pair.runs); attempt++) pair = await pairInto(join(base, String(attempt)));
    const { results: [a, b], runs } = pair;
    const store = join(base, readdirSync(base).sort().at(-1) ?? "");
    expect([a?.code, b?.code, a?.stdout, b?.stdout]).toEqual([0, 0, expect.stringMatching(/^valid/), expect.stringMatching(/^valid/)]);
    expect(runs).toHaveLength(2);
    expect(collided(runs), `the runs' folders ${runs.join(", ")} did not collide in three tries`).toBe(true);

    for (const run of runs) {
      const dir = join(store, "reference-fenced-none", run);
      for (const file of ["config.json", "history.jsonl", "storage.jsonl", "services.json", "results.json", "report.html"]) {
        expect(existsSync(join(dir, file)), `${run}/${file}`).toBe(true);
      }
      const processes = new Set(readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { process: unknown }).process));
      expect([...processes].filter((p) => typeof p === "number").length).toBeGreaterThan(0);
      expect((JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as { valid: unknown }).valid).toBe(true);
    }
  });
});
