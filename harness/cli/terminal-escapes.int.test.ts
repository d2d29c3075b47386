/**
 * What a history says reaches the terminal as text, never as a command: a
 * stored run whose resource names carry ESC sequences (retitle the
 * window, clear the screen) and a newline that fakes a verdict line is
 * analyzed by the CLI process, whose output then holds the escapes as
 * visible characters. Needs `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testRunConfig } from "../../checkers/index.js";
import { syntheticLockRun } from "../../reports/index.js";
import { runCli } from "./testing/cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "fc-escapes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOSTILE = "\u001b]0;owned\u0007\u001b[2J\nvalid (fencing: ok)";

/** A stored unfenced run with stale writes, each resource "rN" renamed "rN" + HOSTILE. */
function hostileRun(): string {
  const run = syntheticLockRun({ ops: 400, storage: "unfenced", seed: 3, pauseChance: 0.2 });
  const rename = (line: string): string => line.replace(/"(r\d+)"/g, (_whole, r: string) => JSON.stringify(r + HOSTILE));
  writeFileSync(join(dir, "config.json"), JSON.stringify(testRunConfig("unfenced", { name: "hostile", workload: run.config, storeDir: dir })));
  writeFileSync(join(dir, "history.jsonl"), run.history.map((op) => `${rename(JSON.stringify(op))}\n`).join(""));
  writeFileSync(join(dir, "storage.jsonl"), run.storage.map((r) => `${rename(JSON.stringify(r))}\n`).join(""));
  writeFileSync(join(dir, "nemesis.jsonl"), "");
  return dir;
}

describe("analyze of a history with control characters in its resource names", () => {
  it("prints them escaped: no ESC or BEL byte, and no line the history made up", async () => {
    const { code, stdout, stderr } = await runCli(["analyze", hostileRun()]);
    expect(code, stderr).toBe(1);
    expect(stdout).toContain('stale write on "r');
    expect(stdout).toContain("\\u001b]0;owned\\u0007\\u001b[2J\\nvalid (fencing: ok)");
    expect(`${stdout}${stderr}`).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(stdout.split("\n").filter((line) => line.startsWith("valid"))).toEqual([]);
  });
});
