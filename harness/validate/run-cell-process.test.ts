import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCellProcess } from "./run-cell-process.js";
import type { CellRun } from "./validation-types.js";

const dir = mkdtempSync(join(tmpdir(), "validate-cell-"));
const RUN: CellRun = { cell: "etcd/kill-lock", design: "etcd", fault: "kill-lock", seed: 1, expect: "valid", why: "w", knownBroken: false, argv: ["--lock", "etcd"] };

/** A stand-in for the CLI: a script doing `body` with its argv. */
function fakeBin(name: string, body: string): string {
  const path = join(dir, `${name}.cjs`);
  writeFileSync(path, body);
  return path;
}

function options(bin: string, extra: { hardTimeoutMs?: number; graceMs?: number } = {}) {
  return { bin, cwd: dir, hardTimeoutMs: extra.hardTimeoutMs ?? 20_000, graceMs: extra.graceMs ?? 200, logPath: join(dir, `${Math.random()}.log`), signal: new AbortController().signal, nowMs: () => performance.now() };
}

/** Whether `pid` still runs (a zombie left to a PID 1 that does not reap is dead). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

describe("runCellProcess", () => {
  it("reads the verdict from the run's exit code and its report from its output", async () => {
    const bin = fakeBin("valid", `console.log("valid (fencing: ok)\\nreport: /store/x/report.html"); process.exitCode = 0;`);
    const result = await runCellProcess(RUN, options(bin));
    expect(result.got).toBe("valid");
    expect(result.reportPath).toBe("/store/x/report.html");
  });

  it("records exit 2 as unknown, with the reason the run printed", async () => {
    const bin = fakeBin("unknown", `console.log("unknown (fencing: n/a)\\n  unknown: nothing could tell a stale write\\nreport: /r.html"); process.exitCode = 2;`);
    const result = await runCellProcess(RUN, options(bin));
    expect(result.got).toBe("unknown");
    expect(result.detail).toBe("nothing could tell a stale write");
  });

  it("records exit 255 as a harness error, with its last line of stderr and its log as the report", async () => {
    const bin = fakeBin("crash", `console.error("fencecheck: Cannot start node \\"c1\\": redis-server aborted"); process.exitCode = 255;`);
    const o = options(bin);
    const result = await runCellProcess(RUN, o);
    expect(result.got).toBe("harness-error (255)");
    expect(result.detail).toMatch(/Cannot start node/);
    expect(result.reportPath).toBe(o.logPath);
    expect(readFileSync(o.logPath, "utf8")).toMatch(/^\$ fencecheck run --lock etcd/);
  });

  it("stops a run past its hard timeout with its whole process group, even one that ignores SIGTERM", async () => {
    const pidFile = join(dir, "grandchild.pid");
    const bin = fakeBin("hang", [
      `const { spawn } = require("node:child_process");`,
      `const g = spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: "ignore" });`,
      `require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(g.pid));`,
      `process.on("SIGTERM", () => {}); setInterval(() => {}, 1000);`,
    ].join("\n"));
    const result = await runCellProcess(RUN, options(bin, { hardTimeoutMs: 1500, graceMs: 200 }));
    expect(result.got).toBe("timeout");
    expect(result.detail).toMatch(/no verdict after 1.5 s/);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    for (let i = 0; i < 50 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(grandchild)).toBe(false);
  });
});
