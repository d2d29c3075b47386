/**
 * A running etcd cluster on 3 of 5 sandbox hosts, installed in the host
 * image and STARTED BY THIS TEST (docker exec, as a team's own tooling
 * would), then used with `--lock etcd --existing <file>`: fencecheck only
 * finds it and steers it with the file's commands. Everything on the hosts
 * is checked from outside with `docker exec`. Needs root, Docker and a build.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../runtime/index.js";
import { testSandbox } from "../runtime/ssh/testing/test-sandbox.js";
import { runCliInProcess } from "./testing/in-process-cli.js";

const bin = resolve(import.meta.dirname, "../../dist/harness/cli/bin.js");
const NAME = "existing-test";
const hosts = testSandbox(NAME, 5);
const { dir, onHost } = hosts;
let sandbox: Sandbox;
let sshArgs: string[];
/** What runs left on every host: marked processes, our chains, run folders. */
const leftovers = (): string[] => hosts.leftovers();
const store = join(dir, "store");
const existingFile = join(dir, "etcd-existing.json");
const LOCK_HOSTS = [1, 2, 3] as const;
/** An op of history.jsonl or nemesis.jsonl, as far as the test reads it. */
interface Op { readonly f: string; readonly type: string; readonly value?: { readonly nodes?: readonly string[] } }

/** The etcd PIDs on host i. */
const etcdPids = (i: number): number[] => onHost(i, "pgrep -x etcd || true").split(/\s+/).filter(Boolean).map(Number);
/** "running", "stopped" (SIGSTOP) or "gone", as host i's /proc shows its etcd. */
const etcdState = (i: number): string => onHost(i, "p=$(pgrep -x etcd) || { echo gone; exit 0; }; grep -q '^State:.*T' /proc/$p/status && echo stopped || echo running").trim();

/** The start script the team's tooling would install on host i: one etcd member, detached, its own log. */
function startScript(i: number): string {
  const a = (k: number): string => sandbox.addresses[k - 1] as string;
  const cluster = LOCK_HOSTS.map((k) => `e${k}=http://${a(k)}:2380`).join(",");
  return [
    "#!/bin/sh",
    `setsid /usr/bin/etcd --name e${i} --data-dir /var/lib/etcd-test --listen-client-urls http://${a(i)}:2379 --advertise-client-urls http://${a(i)}:2379`
    + ` --listen-peer-urls http://${a(i)}:2380 --initial-advertise-peer-urls http://${a(i)}:2380 --initial-cluster ${cluster}`
    + " --initial-cluster-state new --initial-cluster-token existing --heartbeat-interval 100 --election-timeout 1000"
    + " >>/var/log/etcd-test.log 2>&1 </dev/null &",
  ].join("\n");
}

/** True once every member's /health says true (etcd answers so only when it knows a leader). */
async function healthy(): Promise<boolean> {
  const answers = await Promise.all(LOCK_HOSTS.map(async (i) => {
    try {
      const response = await fetch(`http://${sandbox.addresses[i - 1]}:2379/health`, { signal: AbortSignal.timeout(2_000) });
      return ((await response.json()) as { health?: string }).health === "true";
    } catch {
      return false;
    }
  }));
  return answers.every(Boolean);
}

async function waitFor(what: string, test: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  for (let waited = 0; !(await test()); waited += 200) {
    if (waited > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  await hosts.up();
  sandbox = hosts.sandbox();
  sshArgs = hosts.sshArgs();
  for (const i of LOCK_HOSTS) {
    onHost(i, `cat > /usr/local/bin/etcd-up <<'EOF'\n${startScript(i)}\nEOF\nchmod +x /usr/local/bin/etcd-up && /usr/local/bin/etcd-up`);
  }
  await waitFor("the test's etcd cluster becoming healthy", healthy, 60_000);
  writeFileSync(existingFile, JSON.stringify({
    port: 2379, pid: "pgrep -x etcd || true", stop: "pkill -KILL -x etcd; true", start: "/usr/local/bin/etcd-up", dataDir: "/var/lib/etcd-test",
  }));
}, 1_200_000); // a fresh machine builds the host image first (minutes)

afterAll(() => hosts.down());

describe("an etcd cluster the test started, used as it runs", () => {
  // One fault kind a run: three at once leave etcd without a quorum most of the time, and the run with next to no grants.
  for (const [fault, f, opts] of [
    ["pause", "pause", ["--fault-opt", "pause.nodes=lock"]],
    ["kill-lock", "kill", []],
    ["partition", "start-partition", ["--fault-opt", "partition.nodes=lock"]],
  ] as const) {
    it(`is faulted with ${fault}, gives valid with fenced storage, and is left running as found`, async () => {
      const before = LOCK_HOSTS.map(etcdPids);
      const { code, out, err } = await runCliInProcess(["run", "--lock", "etcd", "--existing", existingFile, "--storage", "fenced",
        "--nemesis", fault, ...opts, "--nemesis-interval", "4", "--time-limit", "25", "--clients", "2", "--acquire-timeout-ms", "8000", "--seed", "11", "--store", store, ...sshArgs]);
      expect(code, `${out}\n${err}`).toBe(0);
      expect(out).toMatch(/^valid/);
      const run = join(store, "latest");
      // The fault struck lock nodes, the existing service's hosts, and clients were granted leases all the same.
      const lines = (file: string) => readFileSync(join(run, file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Op);
      const struck = lines("nemesis.jsonl").filter((op) => op.f === f && op.type === "info");
      expect(struck.length, `${f} ops`).toBeGreaterThan(0);
      if (f !== "start-partition") expect(struck.flatMap((op) => op.value?.nodes ?? []).every((n) => /^l\d$/.test(n))).toBe(true);
      expect(lines("history.jsonl").filter((op) => op.f === "acquire" && op.type === "ok").length, "granted acquires").toBeGreaterThan(1);
      const services = JSON.parse(readFileSync(join(run, "services.json"), "utf8")) as { lock: { endpoints: string[]; existing: unknown } };
      expect(services.lock.endpoints).toEqual(LOCK_HOSTS.map((i) => `${sandbox.addresses[i - 1]}:2379`));
      expect(services.lock.existing).toMatchObject({ start: "/usr/local/bin/etcd-up" });
      // Found running as it was found: every member running (not stopped) and healthy; a member never killed kept its PID.
      expect(LOCK_HOSTS.map(etcdState)).toEqual(["running", "running", "running"]);
      await waitFor("the etcd cluster healthy after the run", healthy, 30_000);
      if (f !== "kill") expect(LOCK_HOSTS.map(etcdPids)).toEqual(before);
      else expect(LOCK_HOSTS.map(etcdPids).filter((pids, k) => pids.join() !== before[k]?.join()).length, "members restarted").toBeGreaterThan(0);
      expect(leftovers()).toEqual([]);
    }, 240_000);
  }
});

describe("fencecheck clean after a harness killed with SIGKILL", () => {
  for (const [fault, opts, state] of [
    ["kill-lock", ["--fault-opt", "kill-lock.durationMs=60000"], "gone"],
    ["pause", ["--fault-opt", "pause.nodes=lock", "--fault-opt", "pause.durationMs=60000"], "stopped"],
  ] as const) {
    it(`starts or continues the service a ${fault} left ${state}, and leaves it running`, async () => {
      const child = spawn(process.execPath, [bin, "run", "--lock", "etcd", "--existing", existingFile, "--nemesis", fault, ...opts,
        "--nemesis-interval", "1", "--time-limit", "90", "--clients", "2", "--acquire-timeout-ms", "8000", "--store", store, ...sshArgs], { stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
      try {
        await waitFor(`a member ${state}`, () => {
          if (child.exitCode !== null) throw new Error(`the run ended (exit ${child.exitCode}) before a member was ${state}: ${stderr}`);
          return LOCK_HOSTS.some((i) => etcdState(i) === state);
        }, 120_000);
      } finally {
        child.kill("SIGKILL");
      }
      expect(LOCK_HOSTS.map(etcdState)).toContain(state);
      const cleaned = execFileSync(process.execPath, [bin, "clean", "--runtime", "ssh", ...sshArgs.slice(2)], { encoding: "utf8" });
      // One line a host (what the run left there may already have ended with its SSH channels: seen "removed 0 process(es)").
      expect(cleaned.trim().split("\n")).toHaveLength(5);
      expect(LOCK_HOSTS.map(etcdState)).toEqual(["running", "running", "running"]);
      await waitFor("the etcd cluster healthy after clean", healthy, 30_000);
      expect(leftovers()).toEqual([]);
    }, 240_000);
  }
});

describe("an existing service that cannot be used", () => {
  it("is refused up front when it is not running on a lock node's host, and left as it was", async () => {
    onHost(3, "pkill -KILL -x etcd; true");
    try {
      const { code, err } = await runCliInProcess(["run", "--lock", "etcd", "--existing", existingFile, "--time-limit", "5", "--acquire-timeout-ms", "8000", "--store", store, ...sshArgs]);
      expect(code).toBe(254);
      // The run's progress lines ("starting N nodes") share stderr: the error is its one "fencecheck:" line.
      expect(err.trim().split("\n").filter((l) => l.startsWith("fencecheck:"))).toEqual([`fencecheck: Cannot use the existing service on host "${sandbox.addresses[2]}" (node l3): its PID command \`pgrep -x etcd || true\` printed no PID (start it first: fencecheck never starts it on its own)`]);
      expect(etcdState(3)).toBe("gone");
    } finally {
      onHost(3, "/usr/local/bin/etcd-up");
    }
    await waitFor("the etcd cluster healthy again", healthy, 60_000);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it("refuses clock faults on its nodes with one line when its start command did not run it under libfaketime", async () => {
    // reference's adapter allows clock faults, so the refusal is the existing service's own (etcd's adapter refuses them first: a Go binary).
    const { code, err } = await runCliInProcess(["run", "--lock", "reference", "--existing", existingFile, "--nemesis", "clock-jump",
      "--fault-opt", "clock.nodes=lock", "--time-limit", "5", "--store", store, ...sshArgs]);
    expect(code).toBe(254);
    expect(err.trim().split("\n").filter((l) => l.startsWith("fencecheck:"))).toEqual([expect.stringMatching(/^fencecheck: Cannot run clock faults on lock node "l\d": the existing service on host "[\d.]+" was not started under libfaketime \(PID \d+ has no LD_PRELOAD of libfaketime\)/)]);
    expect(LOCK_HOSTS.map(etcdState)).toEqual(["running", "running", "running"]);
    expect(leftovers()).toEqual([]);
  }, 120_000);
});
