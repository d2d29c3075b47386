/**
 * Two runs started together into one store, with the same name, seed and
 * options, must never share a run folder: each gets its own complete folder
 * and its own verdict (valid, with no fault at all). Before run folders were
 * created exclusively, the two histories mixed and both runs were INVALID.
 * The collision is made certain, not left to timing: the folder name each
 * run would take in any second of the next two minutes already exists (the
 * names of a first run's stored config, the same options), so
 * both must find their name taken and move on to `-2` (or `-3`, when the
 * two started in the same second). Needs root and a build (runs the
 * compiled CLI twice, as separate processes).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunConfig } from "../../core/index.js";
import { runFolderName } from "../store/index.js";
import { runCli } from "./testing/cli-process.js";

const base = mkdtempSync(join(tmpdir(), "fencecheck-parallel-"));
const store = join(base, "store");
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("two runs started together into one store", () => {
  it("find their folder name taken, and each get their own complete folder and are valid", async () => {
    const args = ["--nemesis", "none", "--time-limit", "3", "--seed", "61", "--clients", "3"];
    const first = await runCli(["run", ...args, "--store", join(base, "first")]);
    expect(first.code, first.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(base, "first", "latest", "config.json"), "utf8")) as RunConfig;
    const taken = new Set<string>();
    for (let s = 0; s < 120; s++) taken.add(runFolderName(config, Date.now() + s * 1000));
    for (const name of taken) mkdirSync(join(store, config.name, name), { recursive: true });

    const [a, b] = await Promise.all([runCli(["run", ...args, "--store", store]), runCli(["run", ...args, "--store", store])]);
    expect([a.code, b.code, a.stdout, b.stdout]).toEqual([0, 0, expect.stringMatching(/^valid/), expect.stringMatching(/^valid/)]);

    const runs = readdirSync(join(store, config.name)).filter((run) => !taken.has(run)).sort();
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      expect(run, "a run that found its name taken").toMatch(/-[23]$/);
      expect(taken.has(run.replace(/-[23]$/, "")), `${run} is a taken name with a suffix`).toBe(true);
      const dir = join(store, config.name, run);
      for (const file of ["config.json", "history.jsonl", "storage.jsonl", "services.json", "results.json", "report.html"]) {
        expect(existsSync(join(dir, file)), `${run}/${file}`).toBe(true);
      }
      const processes = new Set(readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { process: unknown }).process));
      expect([...processes].filter((p) => typeof p === "number").length).toBeGreaterThan(0);
      expect((JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as { valid: unknown }).valid).toBe(true);
    }
    for (const name of taken) expect(readdirSync(join(store, config.name, name)), `${name} was not written into`).toEqual([]);
  });
});
