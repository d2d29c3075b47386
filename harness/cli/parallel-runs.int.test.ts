/**
 * Two runs started together into one store, with the same name, seed and
 * options, must never share a run folder: each gets its own complete folder
 * and its own verdict (valid, with no fault at all). Before run folders were
 * created exclusively, the two histories mixed and both runs were INVALID.
 * Needs root and a build (runs the compiled CLI twice, as separate processes).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-parallel-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** Waits until the wall clock is early in a second, so both runs start in the same one. */
async function startOfASecond(): Promise<void> {
  while (Date.now() % 1000 > 100) await new Promise((r) => setTimeout(r, 20));
}

describe("two runs started together into one store", () => {
  it("each get their own complete folder and both are valid", async () => {
    const args = ["run", "--nemesis", "none", "--time-limit", "3", "--seed", "61", "--clients", "3", "--store", store];
    await startOfASecond();
    const [a, b] = await Promise.all([runCli(args), runCli(args)]);
    expect([a.code, b.code, a.stdout, b.stdout]).toEqual([0, 0, expect.stringMatching(/^valid/), expect.stringMatching(/^valid/)]);

    const runs = readdirSync(join(store, "reference-fenced-none"));
    expect(runs).toHaveLength(2);
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
