/**
 * A store on a disk that fills up during the run: the verdict is still
 * printed, the error names the file it could not write, the history stays
 * whole, no file is left cut short, and `fencecheck analyze` writes the
 * rest once there is space. Before, results.json was cut at 4096 bytes,
 * stdout was empty and stderr said ENOSPC without a path. Needs root (a
 * 192 KB tmpfs, unmounted afterwards) and a build.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHistoryJsonl } from "../core/index.js";
import { runCli } from "./testing/cli-process.js";

const base = mkdtempSync(join(tmpdir(), "fencecheck-full-disk-"));
const store = join(base, "store");
beforeAll(() => {
  mkdirSync(store);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=192k", "tmpfs", store]);
});
afterAll(() => {
  execFileSync("umount", [store]);
  rmSync(base, { recursive: true, force: true });
});

describe("a run into a store whose disk fills up", () => {
  it("prints its verdict, names the file it could not write, and analyze recreates it later", async () => {
    const result = await runCli(["run", "--nemesis", "none", "--time-limit", "3", "--seed", "4", "--store", store]);
    const run = join(store, "latest");

    expect(result.stdout).toMatch(/^(valid|INVALID|unknown) \(fencing: /);
    expect(result.stderr).toMatch(/fencecheck: Cannot write ".*\/(results\.json|report\.html|history\.jsonl|nemesis\.jsonl)": ENOSPC: no space left on device/);
    expect([1, 255]).toContain(result.code);

    let cutShort: number | undefined;
    const history = parseHistoryJsonl(readFileSync(join(run, "history.jsonl"), "utf8"), "history.jsonl", (line) => void (cutShort = line));
    expect(cutShort).toBeUndefined();
    expect(history.length).toBeGreaterThan(0);
    if (existsSync(join(run, "results.json"))) expect(() => JSON.parse(readFileSync(join(run, "results.json"), "utf8"))).not.toThrow();
    if (existsSync(join(run, "report.html"))) expect(readFileSync(join(run, "report.html"), "utf8").trimEnd()).toMatch(/<\/html>$/);

    execFileSync("mount", ["-o", "remount,size=8m", store]);
    const analyzed = await runCli(["analyze", run]);
    expect([0, 1, 2]).toContain(analyzed.code);
    expect(analyzed.stderr).toBe("");
    expect(JSON.parse(readFileSync(join(run, "results.json"), "utf8"))).toHaveProperty("valid");
    expect(readFileSync(join(run, "report.html"), "utf8").trimEnd()).toMatch(/<\/html>$/);
  });
});
