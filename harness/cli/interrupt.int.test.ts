/**
 * Ctrl-C while a pause and a partition are both in force: the run heals
 * both, records each heal as a nemesis op (nemesis.jsonl never ends with a
 * `pause` and no `resume`), says the final reads were skipped rather than
 * claiming them, still checks the history, and leaves nothing running.
 * Needs root and a build.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseHistoryJsonl, type Op } from "../../core/index.js";
import { faultPeriods } from "../../reports/index.js";
import { nemesisPackage } from "../../nemesis/index.js";
import { readStoredRun } from "../store/index.js";
import { startCli, until } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-interrupt-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

function nemesisOps(): Op[] {
  const path = join(store, "latest", "nemesis.jsonl");
  if (!existsSync(path)) return [];
  return parseHistoryJsonl(readFileSync(path, "utf8"), path, () => undefined);
}

describe("Ctrl-C during a pause and a partition", () => {
  it("heals both, records each heal, skips the final reads and says so", async () => {
    const run = startCli(["run", "--nemesis", "pause-holder,partition", "--nemesis-interval", "0.5", "--ttl-ms", "1000",
      "--fault-opt", "pause-holder.durationMs=6000", "--time-limit", "30", "--seed", "5", "--clients", "3", "--store", store]);
    const shading = () => nemesisPackage(readStoredRun(join(store, "latest")).config).shading;
    const inForce = (): string[] => existsSync(join(store, "latest", "config.json"))
      ? faultPeriods(nemesisOps(), shading()).filter((p) => !p.healed).map((p) => p.stop) : [];
    await until("a pause and a partition in force together", () => {
      const open = inForce();
      return open.includes("resume") && open.includes("stop-partition");
    }, 25_000);
    run.child.kill("SIGINT");
    const result = await run.done;

    expect(inForce()).toEqual([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/\[interrupted\]/);
    expect(result.stderr).toMatch(/healing the faults in force: .*pause.*partition|healing the faults in force: .*partition.*pause/);
    expect(result.stderr).toMatch(/interrupted: final reads skipped/);
    expect(result.stderr).not.toMatch(/healed; final reads/);
    const ops = nemesisOps();
    expect(ops.at(-1)?.type).toBe("info");
    expect(ops.filter((o) => o.f === "resume" && o.type === "info").length).toBeGreaterThan(0);
    expect(ops.filter((o) => o.f === "stop-partition" && o.type === "info").length).toBeGreaterThan(0);

    const runId = /\(run ([0-9a-z]+)\)/.exec(result.stderr)?.[1];
    const left = execFileSync("ip", ["netns", "list"], { encoding: "utf8" }).split("\n").filter((l) => l.startsWith(`fc-${runId}-`));
    expect(left).toEqual([]);
  });
});
