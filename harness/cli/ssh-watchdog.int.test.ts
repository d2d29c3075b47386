/**
 * The ssh runtime on hosts it cannot rely on the control machine for: a
 * harness killed with SIGKILL mid-fault is cleaned up by each host's own
 * watchdog, and hosts reached as a user with sudo. A sandbox of 4 local SSH
 * hosts (`fencecheck hosts build` made the image); what is left on a host is
 * read through `docker exec`, not our SSH code. Needs root, Docker and a build.
 */
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ssh2 from "ssh2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../runtime/index.js";
import { testSandbox } from "../runtime/ssh/testing/test-sandbox.js";
import { runCliInProcess } from "./testing/in-process-cli.js";

const bin = resolve(import.meta.dirname, "../../dist/harness/cli/bin.js");
const NAME = "ssh-watchdog";
// etcd's 3 lock nodes on hosts of their own, so that a partition of lock nodes is a partition of hosts; storage and clients on the 4th.
const HOSTS = [1, 2, 3, 4];
const WATCHDOG_S = 5;
/**
 * How long past the watchdog's period the hosts may take to be clean: its check
 * every period/3 and its kills take about 1 to 3 s (6 to 8 s measured at load
 * 40), and each look at the hosts is an SSH round trip of its own; CI runs
 * this file beside the local lane's tests, where 5 s was once missed by 0.5 s.
 */
const SLACK_S = 15;
const hosts = testSandbox(NAME, HOSTS.length);
const { dir, onHost } = hosts;
let sandbox: Sandbox;
let sshArgs: string[];
/** What runs left on every host (the run folders stay, with the watchdog's log): marked processes and their state, our chains. */
const leftovers = (): string[] => hosts.leftovers({ folders: false });
const store = join(dir, "store");

beforeAll(async () => {
  await hosts.up();
  sandbox = hosts.sandbox();
  sshArgs = hosts.sshArgs();
}, 1_200_000); // a fresh machine builds the host image first (minutes)

afterAll(() => hosts.down());

/** Resolves once `done()` holds, polling every 200 ms; rejects with `what` after `ms`. */
async function waitFor(what: string, ms: number, done: () => boolean): Promise<number> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return performance.now() - started;
}

/** Runs `echo ok` on each host over a fresh SSH connection from this machine. */
async function sshAnswers(address: string): Promise<string> {
  return new Promise((done, fail) => {
    const client = new ssh2.Client();
    client.on("ready", () => client.exec("echo ok", (error, stream) => {
      if (error) return fail(error);
      let out = "";
      stream.on("data", (chunk: Buffer) => (out += String(chunk))).on("close", () => {
        client.end();
        done(out.trim());
      });
    })).on("error", fail).connect({ host: address, username: "root", privateKey: readFileSync(sandbox.keyFile), readyTimeout: 20_000 });
  });
}

describe("a harness killed with SIGKILL mid-fault, and nothing else", () => {
  for (const [fault, faulted] of [["partition", (l: string) => l.includes("FENCECHECK")], ["pause", (l: string) => /State:\s+T/.test(l)]] as const) {
    it(`leaves nothing of the run on any host within the watchdog's ${WATCHDOG_S} s plus ${SLACK_S} s, after a ${fault}`, async () => {
      // A fault that lasts: the harness is killed while it is in force, not between two.
      const faultOpts = fault === "partition" ? ["--lock", "etcd", "--fault-opt", "partition.nodes=lock", "--fault-opt", "partition.durationMs=60000"] : ["--lock", "reference", "--fault-opt", "pause.durationMs=60000"];
      const logFile = join(dir, `${fault}.log`);
      const child = spawn(process.execPath, [bin, "run", "--nemesis", fault, ...faultOpts, "--nemesis-interval", "1", "--time-limit", "120",
        "--host-watchdog-s", String(WATCHDOG_S), "--store", store, ...sshArgs], { stdio: ["ignore", "ignore", openSync(logFile, "w")] });
      try {
        const faultedWhileRunning = (): boolean => {
          if (child.exitCode !== null) throw new Error(`the run exited (code ${child.exitCode}) before it showed a ${fault}`);
          return leftovers().some(faulted);
        };
        await waitFor(`the run never showed a ${fault}`, 300_000, faultedWhileRunning).catch((error: Error) => {
          throw new Error(`${error.message}; the run said: ${readFileSync(logFile, "utf8")}`);
        });
      } finally {
        child.kill("SIGKILL");
      }
      const killedAt = performance.now();
      const left = leftovers();
      expect(left.some(faulted), left.join("\n")).toBe(true);
      let last: string[] = [];
      await waitFor("the hosts were not cleaned", (WATCHDOG_S + SLACK_S) * 1_000, () => (last = leftovers()).length === 0).catch((error: Error) => {
        throw new Error(`${error.message}; left: ${last.join(" | ")}`);
      });
      const cleanMs = Math.round(performance.now() - killedAt);
      expect(cleanMs, `clean ${cleanMs} ms after SIGKILL`).toBeLessThanOrEqual((WATCHDOG_S + SLACK_S) * 1_000);
      // Each host's watchdog said what it did in the run's folder there.
      const logs = HOSTS.map((i) => onHost(i, "cat /var/lib/fencecheck/runs/*/watchdog.log 2>/dev/null; true"));
      for (const log of logs) expect(log).toMatch(new RegExp(`^watchdog: no heartbeat from the control machine for ${WATCHDOG_S} s`));
      const all = logs.join("\n");
      expect(all).not.toMatch(/^failed /m);
      // Running nodes die with their SSH channels; a stopped one cannot, and chains stay: those are the watchdog's to remove.
      expect(all).toMatch(fault === "partition" ? /^chains [1-9]/m : /^killed [1-9]/m);
      for (const address of sandbox.addresses) expect(await sshAnswers(address)).toBe("ok");
      console.log(`${fault}: the hosts were clean ${cleanMs} ms after the harness's SIGKILL (watchdog ${WATCHDOG_S} s)`);
      // The next test starts from empty hosts.
      for (const i of HOSTS) onHost(i, "rm -rf /var/lib/fencecheck/runs/*");
    }, 600_000);
  }
});

describe("a run that ends normally", () => {
  it("stops every host's watchdog, which never fired", async () => {
    const { code, err } = await runCliInProcess(["run", "--lock", "reference", "--storage", "fenced", "--nemesis", "pause-holder", "--time-limit", "6", "--host-watchdog-s", String(WATCHDOG_S), "--store", store, ...sshArgs]);
    expect(code, err).toBe(0);
    expect(err).not.toContain("watchdog");
    expect(leftovers()).toEqual([]);
    expect(HOSTS.map((i) => onHost(i, "ls /var/lib/fencecheck/runs; true").trim())).toEqual(HOSTS.map(() => ""));
  }, 300_000);

  it("a watchdog period that is not a whole number of seconds from 2 is refused up front", async () => {
    const { code, err } = await runCliInProcess(["run", "--host-watchdog-s", "1", "--store", store, ...sshArgs]);
    expect(code).toBe(254);
    expect(err).toBe('fencecheck: Cannot use the ssh runtime: --host-watchdog-s "1" is not a whole number of seconds from 2 to 86400\n');
  });
});

describe("hosts reached as a user who is not root", () => {
  for (const [storage, expected] of [["unfenced", 1], ["fenced", 0]] as const) {
    it(`run the seed scenario through sudo: exit ${expected} with ${storage} storage, leaving nothing`, async () => {
      const { code, out, err } = await runCliInProcess(["run", "--lock", "reference", "--storage", storage, "--nemesis", "pause-holder", "--time-limit", "8", "--seed", "7",
        "--store", store, ...sshArgs, "--ssh-user", "fencecheck"]);
      expect(code, err).toBe(expected);
      expect(out).toMatch(expected === 1 ? /^INVALID/ : /^valid/);
      // The nodes ran as root through sudo, and nothing of the run is left.
      expect(readFileSync(join(store, "latest", "config.json"), "utf8")).toContain('"sudo": true');
      expect(leftovers()).toEqual([]);
    }, 300_000);
  }

  it("whose sudo asks for a password: exit 254, one line naming the host and the user, before anything starts", async () => {
    const { code, err } = await runCliInProcess(["run", "--lock", "reference", "--time-limit", "5", "--store", store, ...sshArgs, "--ssh-user", "nosudo"]);
    expect(code).toBe(254);
    expect(err.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^fencecheck: Cannot use host "${(sandbox.addresses[0] as string).replace(/\./g, "\\.")}": sudo asks user "nosudo" for a password \\(sudo -n: "sudo: a password is required"\\)`))]);
    expect(HOSTS.map((i) => onHost(i, "ls /var/lib/fencecheck/runs; true").trim())).toEqual(HOSTS.map(() => ""));
  }, 120_000);
});
