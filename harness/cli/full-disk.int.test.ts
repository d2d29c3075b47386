/**
 * A store on a disk that fills up during the run: the verdict is still
 * printed, the error names the file it could not write, the history stays
 * whole, no file is left cut short, and `fencecheck analyze` writes the
 * rest once there is space. Before, results.json was cut at 4096 bytes,
 * stdout was empty and stderr said ENOSPC without a path. The disk is
 * filled on purpose once the workload runs, so the test does not depend on
 * how many ops a loaded machine manages. The run is fault-free and fenced:
 * every check it can make holds, the final reads it could not record leave
 * the verdict unknown, and the full disk is a harness error (exit 255),
 * never a verdict of INVALID. Needs root (a 4 MB tmpfs,
 * unmounted afterwards) and a build.
 */
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHistoryJsonl } from "../../core/index.js";
import { runCli, startCli, until } from "./testing/cli-process.js";
import { fillDisk } from "./testing/fill-disk.js";

const base = mkdtempSync(join(tmpdir(), "fencecheck-full-disk-"));
const store = join(base, "store");
beforeAll(() => {
  mkdirSync(store);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", store]);
});
afterAll(() => {
  execFileSync("umount", [store]);
  rmSync(base, { recursive: true, force: true });
});

/** The first line the CLI printed: the verdict and each checker's word. */
function verdictLine(stdout: string): string {
  return stdout.split("\n")[0] ?? "";
}

describe("a run into a store whose disk fills up", () => {
  it("prints its verdict, names the file it could not write, and analyze recreates it later", async () => {
    const running = startCli(["run", "--nemesis", "none", "--time-limit", "3", "--seed", "4", "--store", store]);
    const run = join(store, "latest");
    const history = join(run, "history.jsonl");
    await until("the first ops", () => existsSync(history) && readFileSync(history, "utf8").split("\n").length > 10, 30_000);
    fillDisk(join(store, "filler"));
    const result = await running.done;

    expect(verdictLine(result.stdout)).toMatch(/^unknown \(fencing: ok, .*final-state: unknown/);
    expect(verdictLine(result.stdout)).not.toContain("FAIL");
    expect(result.stderr).toMatch(new RegExp(`fencecheck: Cannot write "${store}/[^"]+": ENOSPC: no space left on device`));
    expect(result.stderr).not.toMatch(/fencecheck: ENOSPC/);
    expect(result.code).toBe(255);

    let cutShort: number | undefined;
    const ops = parseHistoryJsonl(readFileSync(history, "utf8"), "history.jsonl", (line) => void (cutShort = line));
    expect(cutShort).toBeUndefined();
    expect(ops.length).toBeGreaterThan(0);
    if (existsSync(join(run, "results.json"))) expect(() => JSON.parse(readFileSync(join(run, "results.json"), "utf8"))).not.toThrow();
    if (existsSync(join(run, "report.html"))) expect(readFileSync(join(run, "report.html"), "utf8").trimEnd()).toMatch(/<\/html>$/);

    rmSync(join(store, "filler"));
    const analyzed = await runCli(["analyze", run]);
    expect(verdictLine(analyzed.stdout)).toMatch(/^unknown \(fencing: ok, .*final-state: unknown/);
    expect(verdictLine(analyzed.stdout)).not.toContain("FAIL");
    expect(analyzed.code).toBe(2);
    expect(analyzed.stderr).toBe("");
    expect(JSON.parse(readFileSync(join(run, "results.json"), "utf8"))).toHaveProperty("valid");
    expect(readFileSync(join(run, "report.html"), "utf8").trimEnd()).toMatch(/<\/html>$/);
  });
});
