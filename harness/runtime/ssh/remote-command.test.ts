import { spawn, execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { killCommandScript, markedCommand, runRemote } from "./remote-command.js";
import type { Channel, SshHost } from "./ssh-connection.js";

/**
 * This machine as a host: each channel is `setsid sh -c command`, as sshd
 * makes each session's shell a session and process-group leader. Closing
 * the channel only closes its pipes, as with sshd.
 */
function localHost(): SshHost {
  return {
    target: { host: "local", port: 22, user: "root", keyFile: undefined, knownHostsFile: "", acceptNew: false },
    acceptedNewKey: false,
    open(command) {
      const child = spawn("setsid", ["sh", "-c", command], { stdio: "pipe" });
      const channel = Object.assign(new EventEmitter(), {
        stderr: child.stderr,
        end: (input: string | Buffer) => child.stdin.end(input),
        close: () => {
          child.stdout.destroy();
          child.stderr.destroy();
        },
        done: new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal }))),
      });
      child.stdout.on("data", (chunk: Buffer) => channel.emit("data", chunk));
      child.stdin.on("error", () => undefined);
      return Promise.resolve(channel as unknown as Channel);
    },
    close: () => undefined,
  };
}

/** The PIDs of this machine's live processes with an argument matching `pattern` (an extended regex that does not match itself). */
function running(pattern: string): string[] {
  const out = execFileSync("sh", ["-c", `grep -lzE ${JSON.stringify(pattern)} /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3; true`], { encoding: "utf8" });
  return out.split("\n").filter(Boolean);
}

const clock = createSystemClock();
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

describe("killCommandScript and markedCommand", () => {
  it("are read by sh (dash) without a syntax error", () => {
    for (const script of [killCommandScript(123), markedCommand("true")]) expect(() => execFileSync("sh", ["-n"], { input: script })).not.toThrow();
  });
});
