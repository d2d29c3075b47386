/**
 * Every built-in lock service, PostgreSQL storage and a user's adapter
 * module over SSH, on a sandbox of 4 local SSH hosts whose image has
 * Debian's etcd-server, ZooKeeper, redis-server and postgresql installed as
 * a user would (`fencecheck hosts build`; reference and etcd are run in
 * ssh-runtime.int.test.ts). Each is the seed scenario (pause-holder) through
 * the compiled CLI: unfenced storage is caught (exit 1), protective storage
 * stays valid (exit 0), and nothing of the run is left on any host. Runs go
 * one after another (they share the hosts' ports). Needs root, Docker and a build.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../runtime/index.js";
import { testSandbox } from "../runtime/ssh/testing/test-sandbox.js";
import { runCli } from "./testing/cli-process.js";
import { clockMoves } from "./testing/clock-ops.js";

const NAME = "ssh-svc";
const hosts = testSandbox(NAME, 4);
const { dir, onHost } = hosts;
let sandbox: Sandbox;
let sshArgs: string[];
/** What runs left on every host: marked processes, our chains, run folders. */
const leftovers = (): string[] => hosts.leftovers();
const example = resolve(import.meta.dirname, "../../examples/custom-lock/adapter.mjs");

beforeAll(async () => {
  await hosts.up();
  sandbox = hosts.sandbox();
  sshArgs = hosts.sshArgs();
}, 1_200_000);

afterAll(() => hosts.down());

/** The seed scenario on the sandbox with its own store; returns the run's folder. */
async function seed(args: readonly string[]): Promise<{ code: number | null; out: string; err: string; run: string }> {
  const store = mkdtempSync(join(dir, "store-"));
  const { code, stdout: out, stderr: err } = await runCli(["run", "--nemesis", "pause-holder", "--time-limit", "8", "--seed", "7", "--store", store, ...args, ...sshArgs]);
  return { code, out, err, run: join(store, "latest") };
}

describe("clock faults on the lock nodes over SSH", () => {
  // redis-server runs as root on the sandbox's hosts; PostgreSQL drops to its own user, whose processes an unprivileged container's root may not trace.
  it.each(["redis-token"])("move %s's own processes through the clock injector on its host, as each op's reading proves, leaving nothing behind", async (lock) => {
    const store = mkdtempSync(join(dir, "store-"));
    const { code, stdout, stderr } = await runCli(["run", "--lock", lock, "--storage", "fenced", "--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock",
      "--nemesis-interval", "2", "--time-limit", "8", "--seed", "7", "--store", store, ...sshArgs]);
    // Both keep leases on their wall clocks, so a forward jump may grant a held lock again: a verdict either way.
    expect([code === 0 || code === 1, stdout.split("\n")[0]], stderr).toEqual([true, expect.stringMatching(/^(valid|INVALID).*clock-moved-under-lease/)]);
    const moves = clockMoves(join(store, "latest"));
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      expect(move.tool, `node ${move.node}`).toBe("injector");
      expect(Math.abs((move.readMs ?? NaN) - move.askedMs), `node ${move.node}`).toBeLessThan(150);
    }
    expect(leftovers()).toEqual([]);
  }, 240_000);
});

describe("the seed scenario over SSH", () => {
  for (const [lock, storage, expected] of [
    ["zookeeper", "unfenced", 1],
    ["redis-token", "unfenced", 1], ["redis-token", "fenced", 0],
    ["postgres", "postgres-unfenced", 1], ["postgres", "postgres-fenced", 0],
  ] as const) {
    it(`gives exit ${expected} with ${lock} and ${storage} storage, leaving nothing on the hosts`, async () => {
      const { code, out, err, run } = await seed(["--lock", lock, "--storage", storage]);
      expect(code, err).toBe(expected);
      expect(out).toMatch(expected === 1 ? /^INVALID.*fencing: FAIL/ : /^valid/);
      // The storage nodes' own records came back from their host: the fencing checker read them.
      expect(readFileSync(join(run, "storage.jsonl"), "utf8").split("\n").filter(Boolean).length).toBeGreaterThan(0);
      expect(leftovers()).toEqual([]);
    }, 240_000);
  }

  // One run for both (it was two: the seed scenario, then a 3 s run for the files).
  it("gives exit 0 with zookeeper and fenced storage, having written ZooKeeper's zoo.cfg and myid on each lock node's own host, with the host's paths", async () => {
    const { code, out, err, run } = await seed(["--lock", "zookeeper", "--storage", "fenced"]);
    expect(code, err).toBe(0);
    expect(out).toMatch(/^valid/);
    expect(readFileSync(join(run, "storage.jsonl"), "utf8").split("\n").filter(Boolean).length).toBeGreaterThan(0);
    // Brought back with the node's folder: the text names the host's run folder, not this machine's store.
    for (const [i, node] of ["l1", "l2", "l3"].entries()) {
      expect(readFileSync(join(run, "nodes", node, "data", "myid"), "utf8")).toBe(`${i + 1}\n`);
      expect(readFileSync(join(run, "nodes", node, "data", "zoo.cfg"), "utf8")).toMatch(new RegExp(`^dataDir=/var/lib/fencecheck/runs/[^/]+/store/.*/nodes/${node}/data$`, "m"));
    }
    expect(leftovers()).toEqual([]);
  }, 240_000);

  it("with the token-less redlock: unfenced storage is caught by real time (exit 1), cas storage stays valid (exit 0)", async () => {
    // Later flags win: 15 s gives the pause more holders to strike. Over SSH the SIGSTOP lands some 100 ms
    // after the grant, when the holder has often sent its write already: that write is invoked within the
    // lease, so the harness's clock cannot call it stale, and storage's own order does (it takes the write in
    // after the next holder's; checkers/real-time/storage-order.ts). Before that rule, five seeds in a row came
    // out valid here (2 and 3 December). One more seed is tried after a valid run; a false INVALID with cas
    // below still fails.
    const unfencedArgs = ["--lock", "redlock", "--storage", "unfenced", "--hold-ms", "100", "--time-limit", "15", "--fault-opt", "pause-holder.ttlFactor=2.5"];
    let unfenced = await seed(unfencedArgs);
    if (unfenced.code === 0) unfenced = await seed([...unfencedArgs, "--seed", "8"]);
    expect(unfenced.code, unfenced.err).toBe(1);
    expect(unfenced.out).toMatch(/^INVALID \(fencing: n\/a, real-time: FAIL/);
    const cas = await seed(["--lock", "redlock", "--storage", "cas"]);
    expect(cas.code, cas.err).toBe(0);
    expect(leftovers()).toEqual([]);
  }, 400_000);
});

describe("a user's adapter module over SSH", () => {
  it("is deployed with its folder, its server runs on the lock node's host, and the seed scenario gives 1 then 0", async () => {
    const unfenced = await seed(["--lock", example, "--storage", "unfenced"]);
    expect(unfenced.code, unfenced.err).toBe(1);
    expect(unfenced.out).toMatch(/^INVALID.*fencing: FAIL/);
    const fenced = await seed(["--lock", example, "--storage", "fenced"]);
    expect(fenced.code, fenced.err).toBe(0);
    expect(readFileSync(join(fenced.run, "services.json"), "utf8")).toContain('"adapter": "custom-lock"');
    expect(leftovers()).toEqual([]);
  }, 300_000);

  it("hosts prepare names, per host, the program its service needs that the host lacks", async () => {
    const module = join(dir, "lockd-adapter.mjs");
    execFileSync("sh", ["-c", `printf '%s\\n' 'export default { name: "lockd", service: { nodes: 1, start: () => ({ argv: ["/usr/sbin/my-lockd"] }) }, connect: async () => ({}) };' > ${module}`]);
    const { code, stdout } = await runCli(["hosts", "prepare", "--lock", module, ...sshArgs.slice(2)]);
    expect(code).toBe(254);
    expect(stdout.trim().split("\n")).toEqual(sandbox.addresses.map((a) => `host "${a}": "/usr/sbin/my-lockd" is missing (install "/usr/sbin/my-lockd")`));
    const example = await runCli(["hosts", "prepare", "--lock", "./examples/custom-lock/adapter.mjs", ...sshArgs.slice(2)], { cwd: resolve(import.meta.dirname, "../..") });
    expect(example.code, example.stdout).toBe(0);
  }, 120_000);
});
