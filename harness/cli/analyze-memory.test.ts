import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runCliInProcess } from "./testing/in-process-cli.js";
import { lockWriteConfig } from "./testing/stored-run.js";

// The first call loads the CLI's modules: slow on a loaded machine, and nothing here is timed.
vi.setConfig({ testTimeout: 120_000 });

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A valid run folder of the lock-write workload: one client acquires, reads, writes, releases, then a final read. */
function runFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "fencecheck-analyze-memory-"));
  dirs.push(dir);
  const config = lockWriteConfig(dir, "reference-fenced-memory");
  const base = { process: 0, node: "c1" };
  const steps: [string, unknown, unknown][] = [
    ["acquire", { resource: "r0" }, { resource: "r0", token: "1" }],
    ["read", { resource: "r0" }, { resource: "r0", value: null, token: null }],
    ["write", { resource: "r0", value: "p0-0", holdMs: 0 }, { resource: "r0", value: "p0-0", token: "1" }],
    ["release", { resource: "r0" }, { resource: "r0", token: "1" }],
    ["read", { resource: "r0" }, { resource: "r0", value: "p0-0", token: "1" }],
  ];
  const ops = steps.flatMap(([f, invoke, ok], i) => [
    { index: 2 * i, time: 1e9 + 2e6 * i, ...base, type: "invoke", f, value: invoke },
    { index: 2 * i + 1, time: 1e9 + 2e6 * i + 1e6, ...base, type: "ok", f, value: ok },
  ]);
  const write = { time: 1e9 + 4.5e6, node: "s1", key: "r0", value: "p0-0", token: "1", client: "0", accepted: true, highest: null, mode: "fenced" };
  writeFileSync(join(dir, "config.json"), JSON.stringify(config));
  writeFileSync(join(dir, "history.jsonl"), ops.map((o) => JSON.stringify(o)).join("\n") + "\n");
  writeFileSync(join(dir, "storage.jsonl"), JSON.stringify(write) + "\n");
  writeFileSync(join(dir, "nemesis.jsonl"), "");
  return dir;
}

describe("fencecheck analyze --max-memory", () => {
  it("checks a run whose history fits in the bound, and writes its report", async () => {
    const dir = runFolder();
    const { code, out } = await runCliInProcess(["analyze", dir, "--max-memory", "2048"]);
    expect(out.split("\n")[0]).toMatch(/^valid[ ,]/);
    expect(code).toBe(0);
    expect(existsSync(join(dir, "report.html"))).toBe(true);
  });

  it("gives unknown (exit 2) with one line saying the bound was passed, and leaves no report of an earlier check to contradict it", async () => {
    const dir = runFolder();
    expect((await runCliInProcess(["analyze", dir])).code).toBe(0);
    const { code, out } = await runCliInProcess(["analyze", dir, "--max-memory", "1"]);
    expect(code).toBe(2);
    expect(out).toContain("unknown: the check passed its memory bound (--max-memory 1 MiB) after reading 10 ops of history.jsonl: no checker ran");
    const results = JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as { valid: unknown };
    expect(results.valid).toBe("unknown");
    expect(existsSync(join(dir, "report.html"))).toBe(false);
  });

  it("refuses a bound that is not a positive number of MiB with one line, exit 254", async () => {
    const { code, err } = await runCliInProcess(["analyze", runFolder(), "--max-memory", "lots"]);
    expect(code).toBe(254);
    expect(err.trim().split("\n")).toEqual(['fencecheck: Cannot use --max-memory "lots": expected a positive number of MiB']);
  });
});
