import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { killCommandScript, markedCommand, runRemote } from "./remote-command.js";
import { MAX_COMMAND_OUTPUT_BYTES } from "../common/bounded-output.js";
import { localHost } from "./testing/local-host.js";

/** The PIDs of this machine's live processes with an argument matching `pattern` (an extended regex that does not match itself). */
function running(pattern: string): string[] {
  const out = execFileSync("sh", ["-c", `grep -lzE ${JSON.stringify(pattern)} /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3; true`], { encoding: "utf8" });
  return out.split("\n").filter(Boolean);
}

const clock = createSystemClock();
// Real processes on a loaded machine: generous bounds, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });
const leftover: string[] = [];
afterEach(() => {
  for (const pid of leftover.splice(0)) execFileSync("sh", ["-c", `kill -KILL ${pid} 2>/dev/null; true`]);
});

describe("runRemote", () => {
  it("returns what the command printed and its exit code, without its PID line", async () => {
    const result = await runRemote(localHost(), "echo out; echo err >&2; exit 3", { clock });
    expect([result.stdout, result.stderr, result.exitCode, result.timeout]).toEqual(["out\n", "err\n", 3, undefined]);
  });

  it("kills a command past its timeout for real: its group and what it started in another group are gone", async () => {
    // Distinct durations name these sleeps among everything else on the machine.
    const tag = `${process.pid % 1000}${Date.now() % 100_000}`;
    const result = await runRemote(localHost(), `sleep 301${tag} & setsid sleep 302${tag} & sleep 303${tag}`, { clock, timeoutMs: 300 });
    const left = running(`^30[123]${tag}$`);
    leftover.push(...left);
    expect(left, result.stderr).toEqual([]);
    expect(result.signal).toBe("SIGKILL");
    expect(result.timeout).toEqual({ killed: true, detail: expect.stringMatching(/^killed process group \d+ \(4 process\(es\) sent SIGKILL, none left\)$/) });
    expect(result.stderr).toMatch(/^fencecheck: no answer within 300 ms: killed process group/);
  }, 60_000);
});

describe("runRemote of a command that prints without end", () => {
  it("keeps the first 16 MiB, kills the command and ends its stderr with one line saying so", async () => {
    const result = await runRemote(localHost(), "yes fencecheck-flood", { clock, timeoutMs: 50_000 });
    expect(result.stdout.length).toBe(MAX_COMMAND_OUTPUT_BYTES);
    expect(result.stdout.startsWith("fencecheck-flood\n")).toBe(true);
    expect(result.exitCode).toBeUndefined();
    expect(result.signal).toBe("SIGKILL");
    expect(result.timeout).toBeUndefined();
    expect(result.stderr).toMatch(new RegExp(`^fencecheck: stopped reading the command's stdout past ${MAX_COMMAND_OUTPUT_BYTES} bytes: killed process group \\d+`));
  }, 60_000);
});

describe("killCommandScript and markedCommand", () => {
  it("are read by sh (dash) without a syntax error", () => {
    for (const script of [killCommandScript(123), markedCommand("true")]) expect(() => execFileSync("sh", ["-n"], { input: script })).not.toThrow();
  });
});
