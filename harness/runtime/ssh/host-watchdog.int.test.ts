/**
 * The watchdog script itself, run on this machine as a host would run it
 * (POSIX sh, in a network namespace of its own so that its iptables cleanup
 * touches nothing of this machine's), against a real stopped process marked
 * with a run of its own. Needs root and unshare.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runIdFor } from "../../../core/index.js";
import { runFolder, RUN_MARK, WATCHDOG_MARK } from "./host-cleanup.js";
import { WATCHDOG_FILES, watchdogScript } from "./host-watchdog.js";

const started: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A run of this test's own: its folder, a stopped `sleep` marked with it, and its watchdog (period 2 s) in a fresh network namespace. */
function startRun(n: number): { runId: string; dir: string; node: ChildProcess; watchdog: ChildProcess } {
  const runId = runIdFor(Date.now() + n * 1_000_000, process.pid);
  const dir = runFolder(runId);
  mkdirSync(dir, { recursive: true });
  folders.push(dir);
  writeFileSync(`${dir}/${WATCHDOG_FILES.heartbeat}`, "0\n");
  const node = spawn("sleep", ["300"], { env: { ...process.env, [RUN_MARK]: runId }, stdio: "ignore" });
  node.kill("SIGSTOP");
  writeFileSync(`${dir}/${WATCHDOG_FILES.script}`, watchdogScript(runId, 2));
  const watchdog = spawn("unshare", ["-n", "sh", `${dir}/${WATCHDOG_FILES.script}`], { env: { ...process.env, [WATCHDOG_MARK]: runId }, stdio: "ignore" });
  started.push(node, watchdog);
  return { runId, dir, node, watchdog };
}

const exited = (child: ChildProcess): Promise<void> => new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once("exit", () => done())));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const stateOf = (pid: number): string => (existsSync(`/proc/${pid}/status`) ? /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "?" : "gone");

describe("the host watchdog script", () => {
  it("leaves the run alone while heartbeats come, however long the run", async () => {
    const { dir, node } = startRun(1);
    for (let beat = 1; beat <= 5; beat++) {
      await sleep(1_000);
      writeFileSync(`${dir}/${WATCHDOG_FILES.heartbeat}`, `${beat}\n`);
    }
    expect(stateOf(node.pid as number)).toBe("T");
    expect(existsSync(`${dir}/${WATCHDOG_FILES.log}`)).toBe(false);
  }, 30_000);

  it("after the period without one, resumes and kills the run's processes and says so in the run folder", async () => {
    const { dir, node, watchdog } = startRun(2);
    await exited(watchdog);
    await exited(node);
    expect(node.signalCode).toBe("SIGKILL");
    const log = readFileSync(`${dir}/${WATCHDOG_FILES.log}`, "utf8");
    expect(log).toMatch(/^watchdog: no heartbeat from the control machine for 2 s \(last: 0\)/);
    expect(log).toContain("\nkilled 1\nchains 0\ncleanup done\n");
    expect(log).not.toMatch(/^failed /m);
  }, 30_000);

  it("exits without touching anything once the run folder is gone (the run ended)", async () => {
    const { dir, node, watchdog } = startRun(3);
    await sleep(1_000);
    rmSync(dir, { recursive: true, force: true });
    await exited(watchdog);
    expect(watchdog.exitCode).toBe(0);
    expect(stateOf(node.pid as number)).toBe("T");
  }, 30_000);
});

// The script is POSIX sh: dash, Debian's /bin/sh, parses it.
describe("the watchdog script's syntax", () => {
  it("is accepted by sh -n", () => {
    const checked = spawnSync("sh", ["-n"], { input: watchdogScript(runIdFor(0, 1), 30), encoding: "utf8" });
    expect(checked.stderr).toBe("");
    expect(checked.status).toBe(0);
  });
});
