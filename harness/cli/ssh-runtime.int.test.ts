/**
 * The ssh runtime on a sandbox of 5 local SSH hosts (Docker containers
 * running Debian's OpenSSH server, every built-in service's server installed
 * from Debian's mirror; `fencecheck hosts build` made the image). Everything on the hosts
 * is checked from outside, with `docker exec`, not through our own SSH
 * code. Needs root, Docker and a build.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import ssh2 from "ssh2";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock, runIdFor, type Cluster, type HarnessError, type NodeId, type NodeSpec, type ProcessSpec } from "../../core/index.js";
import { createSshRuntime, packageRoot, type Sandbox } from "../runtime/index.js";
import { testSandbox } from "../runtime/ssh/testing/test-sandbox.js";
import { NODE_LIFECYCLE_FACTS, type LifecycleSubject } from "../runtime/common/node-lifecycle-facts.js";
import { runCliInProcess } from "./testing/in-process-cli.js";
import { CHATTER, logOnFullDisk } from "./testing/fill-disk.js";
import { ed25519KeyPair } from "../runtime/ssh/ssh-key-pair.js";

const bin = resolve(import.meta.dirname, "../../dist/harness/cli/bin.js");
const NAME = "ssh-test";
const clock = createSystemClock();
const hosts = testSandbox(NAME, 5);
const { dir, onHost } = hosts;
let sandbox: Sandbox;
let sshArgs: string[];
/** What runs left on every host: marked processes, our chains, run folders. */
const leftovers = (): string[] => hosts.leftovers();
/** The run's own processes on every host (not its watchdogs, which start before any node). */
const runProcesses = (): string[] => hosts.leftovers({ marks: "FENCECHECK_RUN=" }).filter((l) => l.includes("process"));
const store = join(dir, "store");

beforeAll(async () => {
  await hosts.up();
  sandbox = hosts.sandbox();
  sshArgs = hosts.sshArgs();
}, 1_200_000); // a fresh machine builds the host image first (minutes)

afterAll(() => hosts.down());

const cli = (argv: string[]) => runCliInProcess(argv);

describe("the seed scenario on 5 sandbox hosts", () => {
  for (const [lock, storage, expected] of [["reference", "unfenced", 1], ["reference", "fenced", 0], ["etcd", "unfenced", 1], ["etcd", "fenced", 0]] as const) {
    it(`gives exit ${expected} with ${lock} and ${storage} storage, leaving nothing on the hosts`, async () => {
      const runSeed = (seed: string) => cli(["run", "--lock", lock, "--storage", storage, "--nemesis", "pause-holder", "--time-limit", "8", "--seed", seed, "--store", store, ...sshArgs]);
      // A stale write needs the pause to outlast the lease and the next holder to write while the
      // holder sleeps; under a loaded suite over SSH one CI run showed no INVALID at seed 7 (not seen
      // in 9 runs here, under load too), so the unfenced case tries seed 8 after a run that missed.
      // The fenced case gets one run: a wrong INVALID there still fails.
      let { code, out, err } = await runSeed("7");
      if (expected === 1 && code !== 1) ({ code, out, err } = await runSeed("8"));
      const run = join(store, "latest");
      // The storage nodes' own records came back from their host: the fencing checker read them.
      expect(readFileSync(join(run, "storage.jsonl"), "utf8").split("\n").filter(Boolean).length, err).toBeGreaterThan(0);
      expect(code, `${out}\n${err}`).toBe(expected);
      expect(out).toMatch(expected === 1 ? /^INVALID/ : /^valid/);
      const placement = JSON.parse(readFileSync(join(run, "config.json"), "utf8")).ssh.placement as Record<string, string>;
      expect(placement["l1"]).toBe(sandbox.addresses[0]);
      expect(readFileSync(join(run, "report.html"), "utf8")).toContain(`l1 on ${sandbox.addresses[0]}`);
      expect(leftovers()).toEqual([]);
    }, 300_000);
  }
});

describe("each fault on the hosts", () => {
  const nodes: NodeSpec[] = [{ id: "l1" as NodeId, role: "lock" }, { id: "s1" as NodeId, role: "storage" }, { id: "c1" as NodeId, role: "client" }];
  const l1 = "l1" as NodeId;
  const s1 = "s1" as NodeId;
  let cluster: Cluster;
  let pid = 0;
  const failures: HarnessError[] = [];
  /** Answers every connection with its wall clock, on port 7001 of its host. */
  const server = (host: string): string[] => [process.execPath, "-e", `require('net').createServer((s)=>{s.on('error',()=>{});s.end(String(new Date().getTime()))}).listen(7001,'${host}')`];
  const stateOf = (p: number): string => onHost(1, `grep '^State' /proc/${p}/status`).trim();

  beforeAll(async () => {
    const runtime = createSshRuntime({
      hosts: sandbox.addresses, user: "root", port: 22, keyFile: sandbox.keyFile, knownHostsFile: sandbox.knownHostsFile, acceptNew: false,
      storeDir: store, packageRoot: packageRoot(),
    });
    await runtime.checkPrerequisites();
    cluster = await runtime.start(nodes, { runId: runIdFor(clock.wallMs(), process.pid), clock: {}, onFailure: (error) => failures.push(error) });
    const proc = await cluster.startProcess(l1, { argv: server(sandbox.addresses[0] as string), logFile: join(dir, "l1.log"), readyPort: 7001 });
    pid = proc.pid;
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    expect(leftovers()).toEqual([]);
  });

  it("pause stops the node's processes on its host, resume continues them", async () => {
    await cluster.pause(l1);
    expect(stateOf(pid)).toMatch(/T \(stopped\)/);
    await cluster.resume(l1);
    expect(stateOf(pid)).toMatch(/S \(sleeping\)|R \(running\)/);
  });

  it("freeze stops them too, and thaw continues them", async () => {
    await cluster.freeze(l1);
    expect(stateOf(pid)).toMatch(/T \(stopped\)/);
    await cluster.thaw(l1);
    expect(stateOf(pid)).not.toMatch(/stopped/);
  });

  it("a partition drops the other host's traffic and never the control machine's SSH", async () => {
    expect(await cluster.probe(s1, l1, { port: 7001 })).toBe("connected");
    await cluster.partition(new Map([[l1, new Set([s1, "c1" as NodeId])]]));
    expect(await cluster.probe(s1, l1, { port: 7001, timeoutMs: 500 })).toBe("timeout");
    expect(onHost(1, "iptables -S FENCECHECK")).toContain(`-s ${sandbox.addresses[1]}/32 -j DROP`);
    expect((await cluster.exec(l1, ["true"])).exitCode).toBe(0);
    await cluster.heal();
    expect(await cluster.probe(s1, l1, { port: 7001 })).toBe("connected");
  });

  it("loss drops packets from the named nodes until healed", async () => {
    // c1 shares s1's host (the default placement), so both are named: rules act per host.
    await cluster.dropPackets(l1, [s1, "c1" as NodeId], 1);
    expect(await cluster.probe(s1, l1, { port: 7001, timeoutMs: 500 })).toBe("timeout");
    await cluster.healTraffic("loss");
    expect(await cluster.probe(s1, l1, { port: 7001 })).toBe("connected");
  });

  it("delay holds new connections into the port through the proxy", async () => {
    const fetchMs = async (): Promise<number> => {
      const script = `const t=performance.now();require('net').connect(7001,'${sandbox.addresses[0]}').on('data',()=>{console.log(Math.round(performance.now()-t));process.exit(0)})`;
      return Number((await cluster.exec(s1, [process.execPath, "-e", script])).stdout.trim());
    };
    // The fastest of three, before and after: one slow connection on a loaded machine is not the proxy.
    const fastest = async (): Promise<number> => Math.min(await fetchMs(), await fetchMs(), await fetchMs());
    const undelayed = await fastest();
    await cluster.delayTraffic(l1, { port: 7001, delayMs: 400, jitterMs: 0, seed: 1 });
    const delayed = await fetchMs();
    expect(delayed).toBeGreaterThanOrEqual(400);
    await cluster.healTraffic("delay");
    // A connection still through the proxy takes the 400 ms on top of its own time: three quarters of it is the margin.
    const healed = await fastest();
    expect(healed, `fastest of three: ${undelayed} ms before, ${delayed} ms delayed, ${healed} ms healed`).toBeLessThan(undelayed + 300);
  });

  it("a node's log this machine cannot write (a full disk) is one failure naming the file, not a crash", async () => {
    const logFile = await logOnFullDisk(dir, (file) => cluster.startProcess(s1, { argv: [process.execPath, "-e", CHATTER], logFile: file, kind: "agent" }), () => failures.length > 0);
    expect(failures.map((f) => [f.code, f.message])).toEqual([["store.write-failed", `Cannot write "${logFile}": ENOSPC: no space left on device, write`]]);
  });

  it("a clock skew reaches the running process through libfaketime", async () => {
    await cluster.setClock(l1, { offsetMs: 60_000, rate: 1 });
    const told = await new Promise<number>((done, fail) => {
      const socket = connect(7001, sandbox.addresses[0] as string);
      let text = "";
      socket.on("data", (chunk) => (text += String(chunk))).on("end", () => done(Number(text))).on("error", fail);
    });
    expect(Math.abs(told - clock.wallMs() - 60_000)).toBeLessThan(1_000);
    expect(Math.abs((await cluster.readClock(l1)).offsetMs - 60_000)).toBeLessThan(150);
    await cluster.setClock(l1, { offsetMs: 0, rate: 1 });
  });

  it("kill ends the node's processes and restart starts its services again", async () => {
    const first = pid;
    await cluster.kill(l1);
    expect(onHost(1, `test -e /proc/${first} && echo alive || echo gone`).trim()).toBe("gone");
    expect(await cluster.probe(s1, l1, { port: 7001 })).toBe("refused");
    await cluster.restart(l1);
    expect(await cluster.probe(s1, l1, { port: 7001 })).toBe("connected");
    pid = Number(onHost(1, "for p in /proc/[0-9]*; do tr '\\0' '\\n' 2>/dev/null < $p/environ | grep -q '^FENCECHECK_RUN=' && echo ${p#/proc/}; done; true").trim());
  });
});

describe("a harness killed with SIGKILL, then fencecheck clean --runtime ssh", () => {
  it("leaves nothing of the run on any host", async () => {
    const child = spawn(process.execPath, [bin, "run", "--lock", "etcd", "--nemesis", "partition", "--fault-opt", "partition.nodes=lock", "--fault-opt", "partition.durationMs=60000", "--nemesis-interval", "1", "--time-limit", "60", "--store", store, ...sshArgs], { stdio: "ignore" });
    for (let waited = 0; leftovers().filter((l) => l.includes("FENCECHECK")).length === 0; waited += 200) {
      if (waited > 90_000) throw new Error("the run never partitioned a host");
      await new Promise((r) => setTimeout(r, 200));
    }
    // The partition lasts the whole run, so no heal is under way when the harness dies (one was,
    // and removed the chains before clean came); a second lets its rules reach every host.
    await new Promise((r) => setTimeout(r, 1_000));
    child.kill("SIGKILL");
    const cleaned = execFileSync(process.execPath, [bin, "clean", "--runtime", "ssh", ...sshArgs.slice(2)], { encoding: "utf8" });
    // The partition's chains outlive the harness; its running nodes may not (they can end with their
    // SSH channels before clean comes: "removed 0 process(es)" was seen), so only the chains are certain.
    expect(cleaned).toMatch(/removed \d+ process\(es\) and [1-9]\d* chain\(s\)/);
    expect(leftovers()).toEqual([]);
  }, 150_000);
});

describe("a host that cannot be cleaned", () => {
  it("is named with what was left, the other hosts are cleaned all the same, and clean exits non-zero", async () => {
    const child = spawn(process.execPath, [bin, "run", "--lock", "reference", "--nemesis", "none", "--time-limit", "60", "--store", store, ...sshArgs], { stdio: "ignore" });
    for (let waited = 0; runProcesses().length < 3; waited += 200) {
      if (waited > 90_000) throw new Error("the run never started its nodes");
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill("SIGKILL");
    // Host 2's iptables now claims every chain exists: its cleanup cannot prove a chain gone.
    onHost(2, "printf '#!/bin/sh\\nexit 0\\n' > /usr/local/sbin/iptables && chmod +x /usr/local/sbin/iptables");
    try {
      const cleaned = await cli(["clean", "--runtime", "ssh", ...sshArgs.slice(2)]);
      expect(cleaned.code).toBe(255);
      expect(cleaned.err).toContain(`fencecheck: host "${sandbox.addresses[1]}": removed`);
      expect(cleaned.err).toContain("could not clean: chain FENCECHECK (table filter) is still there");
      expect(cleaned.out.trim().split("\n")).toHaveLength(4);
    } finally {
      onHost(2, "rm -f /usr/local/sbin/iptables");
    }
    expect(leftovers().filter((l) => l.includes("process"))).toEqual([]);
  }, 150_000);
});

describe("hosts that cannot be used", () => {
  it("a host name that does not resolve is exit 254, one line naming it", async () => {
    const { code, err } = await cli(["run", "--time-limit", "5", "--store", store, "--runtime", "ssh", "--nodes", `${sandbox.addresses[0]},no-such-host.invalid`, "--ssh-key", sandbox.keyFile, "--known-hosts", sandbox.knownHostsFile]);
    expect(code).toBe(254);
    expect(err).toMatch(/^fencecheck: Cannot use host "no-such-host\.invalid": its name does not resolve \(ENOTFOUND\)/);
  });

  it("an unreachable host is exit 254 without hanging, one line naming it", async () => {
    const missing = (sandbox.addresses[0] as string).replace(/\.\d+$/, ".250");
    const started = performance.now();
    const { code, err } = await cli(["run", "--time-limit", "5", "--store", store, "--runtime", "ssh", "--nodes", `${sandbox.addresses[0]},${missing}`, "--ssh-key", sandbox.keyFile, "--known-hosts", sandbox.knownHostsFile]);
    expect(code).toBe(254);
    // Not a hang: well inside the test's time limit, however loaded the machine.
    const tookMs = Math.round(performance.now() - started);
    expect(tookMs, `exit 254 took ${tookMs} ms`).toBeLessThan(30_000);
    expect(err.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^fencecheck: Cannot use host "${missing.replace(/\./g, "\\.")}": (no route to the host|no answer)`))]);
  });

  it("a refused key and an unknown host key are exit 254 naming the host", async () => {
    const other = join(dir, "other_key");
    writeFileSync(other, ed25519KeyPair(ssh2.utils).private, { mode: 0o600 });
    const host = sandbox.addresses[0] as string;
    const nodes = sandbox.addresses.slice(0, 2).join(",");
    const refused = await cli(["run", "--store", store, "--runtime", "ssh", "--nodes", nodes, "--ssh-key", other, "--known-hosts", sandbox.knownHostsFile]);
    expect(refused.code).toBe(254);
    expect(refused.err).toMatch(new RegExp(`^fencecheck: Cannot use host "${host.replace(/\./g, "\\.")}": the key "${other}" was refused for user "root" \\(and 1 more host\\(s\\) unusable\\)\n$`));
    const unknown = await cli(["run", "--store", store, "--runtime", "ssh", "--nodes", nodes, "--ssh-key", sandbox.keyFile, "--known-hosts", join(dir, "empty_known_hosts")]);
    expect(unknown.code).toBe(254);
    expect(unknown.err).toContain(`Cannot use host "${host}": its host key is not in`);
  });

  it("a state folder another user made first on a host is refused, one line naming it and the host, and nothing planted there runs", async () => {
    // A local user of host 2 plants the state folder with a restore script in a run's folder: root would run it at clean.
    onHost(2, "mkdir -p /var/lib/fencecheck/runs/x && echo 'touch /planted-ran' > /var/lib/fencecheck/runs/x/existing-restore.sh && chown -R fencecheck: /var/lib/fencecheck");
    const uid = onHost(2, "id -u fencecheck").trim();
    try {
      const { code, err } = await cli(["run", "--lock", "reference", "--nemesis", "none", "--time-limit", "5", "--store", store, ...sshArgs]);
      expect(code, err).toBe(254);
      // Refused before anything is deployed or started: the only line is the refusal.
      expect(err.trim().split("\n")).toEqual([`fencecheck: Cannot use the folder "/var/lib/fencecheck" on host "${sandbox.addresses[1]}": it is owned by uid ${uid}, not by root (another user may have made it first: remove it)`]);
      const cleaned = await cli(["clean", "--runtime", "ssh", ...sshArgs.slice(2)]);
      expect(cleaned.err).toContain(`could not clean: Cannot use the folder "/var/lib/fencecheck": it is owned by uid ${uid}`);
      expect(onHost(2, "ls /planted-ran 2>/dev/null; ls /var/lib/fencecheck/runs; true").trim()).toBe("x");
    } finally {
      onHost(2, "rm -rf /var/lib/fencecheck /planted-ran");
    }
    expect(leftovers()).toEqual([]);
  }, 150_000);

  it("hosts prepare names each missing binary with how to install it", async () => {
    // The sandbox image has every built-in service's binary: one host loses redis-server for this test.
    onHost(3, "mv /usr/bin/redis-server /usr/bin/redis-server.away");
    try {
      const { code, out } = await cli(["hosts", "prepare", "--lock", "redis", ...sshArgs.slice(2)]);
      expect(code).toBe(254);
      expect(out.trim().split("\n")).toEqual([`host "${sandbox.addresses[2]}": "/usr/bin/redis-server" is missing (apt-get install redis-server)`]);
    } finally {
      onHost(3, "mv /usr/bin/redis-server.away /usr/bin/redis-server");
    }
  });
});

describe("the node lifecycle on the hosts (common/node-lifecycle-facts.ts)", () => {
  const n1 = "n1" as NodeId;
  let cluster: Cluster | undefined;
  afterEach(async () => {
    await cluster?.stop();
    cluster = undefined;
    expect(leftovers()).toEqual([]);
  });

  /** A one-node cluster on the first host and node programs: a TCP listener on the host's address, and a program that only waits. */
  async function sshSubject(): Promise<LifecycleSubject> {
    const runtime = createSshRuntime({
      hosts: sandbox.addresses.slice(0, 1), user: "root", port: 22, keyFile: sandbox.keyFile, knownHostsFile: sandbox.knownHostsFile, acceptNew: false,
      storeDir: store, packageRoot: packageRoot(),
    });
    cluster = await runtime.start([{ id: n1, role: "lock" }], { runId: runIdFor(clock.wallMs(), process.pid), onFailure: () => undefined });
    const host = sandbox.addresses[0] as string;
    const program = (name: string, code: string, port: number): ProcessSpec =>
      ({ argv: [process.execPath, "-e", code], logFile: join(dir, `lifecycle-${name}.log`), readyPort: port });
    return {
      cluster, node: n1, port: 7301,
      listening: (port) => program("listening", `require("node:net").createServer().listen(${port}, ${JSON.stringify(host)})`, port),
      silent: (port) => program("silent", "setInterval(() => undefined, 1000)", port),
    };
  }

  for (const { fact, check } of NODE_LIFECYCLE_FACTS) {
    it(fact, async () => {
      await check(await sshSubject());
    }, 120_000);
  }
});
