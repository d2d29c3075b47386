/**
 * The existing service's scripts, run by a real shell on this machine
 * against a real process (a `sleep` marked by its argument) standing in
 * for the service.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import type { ExistingService } from "../../../core/index.js";
import { goneCheckScript, parsePids, pidsScript, restoreScript, signalScript, stoppedCheckScript } from "./existing-scripts.js";

const mark = `${process.pid + 1000}.5`;
// The "service": a detached sleep whose argument marks it; pgrep -f finds only it.
const service: ExistingService = {
  port: 1,
  pid: `pgrep -f '^sleep ${mark}$' || true`,
  stop: `pkill -KILL -f '^sleep ${mark}$'; true`,
  start: `setsid sleep ${mark} >/dev/null 2>&1 </dev/null &`,
};
const sh = (script: string): { code: number; out: string } => {
  const result = spawnSync("sh", ["-c", script], { encoding: "utf8", timeout: 20_000 });
  return { code: result.status ?? -1, out: result.stdout };
};
const pids = (): number[] => parsePids(sh(pidsScript(service)).out);
/**
 * The service's PIDs once it runs: a start returns before the backgrounded
 * `sleep` is exec'd (pgrep found nothing yet on a busy machine, and the
 * test then paused no PID), so wait up to 5 s.
 */
const running = (): number[] => {
  for (const end = Date.now() + 5_000; Date.now() < end; ) {
    const found = pids();
    if (found.length > 0) return found;
    spawnSync("sleep", ["0.05"]);
  }
  return pids();
};
const startService = (): number[] => (sh(service.start), running());
const state = (pid: number): string => execFileSync("sh", ["-c", `grep '^State' /proc/${pid}/status || echo gone`], { encoding: "utf8" }).trim();

afterEach(() => {
  sh(`pkill -CONT -f '^sleep ${mark}$'; ${service.stop}`);
});

describe("the PID command", () => {
  it("finds nothing when the service is not running, and its PID once started", () => {
    expect(pids()).toEqual([]);
    expect(startService()).toHaveLength(1);
  });

  it("keeps only numbers from what the command printed", () => {
    expect(parsePids("pids 12 345 \n")).toEqual([12, 345]);
    expect(parsePids("pids \n")).toEqual([]);
    expect(parsePids("nothing")).toEqual([]);
  });
});

describe("pause, resume and stop", () => {
  it("SIGSTOP leaves every PID stopped, as the check sees it, and SIGCONT runs it again", () => {
    const [pid] = startService() as [number];
    expect(sh(`${signalScript([pid], "STOP")}; ${stoppedCheckScript([pid], 2)}`).code).toBe(0);
    expect(state(pid)).toMatch(/T \(stopped\)/);
    sh(signalScript([pid], "CONT"));
    expect(state(pid)).not.toMatch(/stopped/);
  });

  it("the stopped check fails when a PID keeps running", () => {
    expect(sh(stoppedCheckScript(startService(), 1)).code).toBe(1);
  });

  it("the gone check passes once the stop command has ended it, and fails while it runs", () => {
    startService();
    expect(sh(goneCheckScript(service, 1)).code).toBe(1);
    sh(service.stop);
    expect(sh(goneCheckScript(service, 5)).code).toBe(0);
  });
});

describe("the restore script", () => {
  it("starts a stopped service", () => {
    expect(sh(restoreScript(service)).code).toBe(0);
    expect(running()).toHaveLength(1);
  });

  it("continues a paused one and starts no second copy", () => {
    const [pid] = startService() as [number];
    sh(signalScript([pid], "STOP"));
    sh(restoreScript(service));
    expect(pids()).toEqual([pid]);
    expect(state(pid)).not.toMatch(/stopped/);
  });
});
