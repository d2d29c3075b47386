/**
 * Power loss (`lose-unfsynced`) on the docker runtime against the server
 * of every built-in lock service, and every storage kind once: one short
 * run per distinct server (adapters that start the same program with the
 * same arguments on as many nodes, e.g. redis, warlock and
 * redis-semaphore, differ only in their client, which a power loss on the
 * server's disk never meets; their clients are the validation matrix's),
 * with a power loss aimed at a lock node and one at a storage node. Each
 * run must end with a verdict or unknown (never a harness failure), and its
 * history must show from outside that the fault struck: a completed
 * power-loss op that says what the node lost, and the node powered on
 * again. Verdicts are the validation matrix's business (its
 * lose-unfsynced cells); this covers reach. proper-lockfile, whose lock
 * service is the harness host's own file system, is refused on docker up
 * front. Skipped, with a message, when no Docker engine answers. Needs
 * root, /dev/fuse, native/lazyfs/build.sh, a build and the offline images.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtInAdapters, storageKinds } from "../../workloads/index.js";
import { connectEngine, engineAnswers } from "../runtime/index.js";

const bin = resolve(import.meta.dirname, "../../dist/harness/cli/bin.js");
const engine = connectEngine();
const available = await engineAnswers(engine);
if (!available) console.warn(`skipping docker power-loss tests: no Docker engine answers at "${engine.address}"`);
const store = mkdtempSync(join(tmpdir(), "fencecheck-docker-power-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** One built-in lock service per distinct server, each with a storage kind, so that every kind is struck once. */
const RUNS: ReadonlyArray<readonly [lock: string, storage: string]> = [
  ["reference", "fenced"], ["reference-wallclock", "unfenced"], ["reference-timer", "file"], ["reference-nosync", "fenced"],
  ["etcd", "s3"], ["zookeeper", "s3-conditional"], ["redis", "cas"], ["redis-token", "postgres-fenced"],
  ["redis-token-everysec", "fenced"], ["redlock", "cas"], ["postgres", "postgres-unfenced"],
  ["quorum", "fenced"], ["dynamodb-lock", "fenced"],
];
/** Runs on the harness host's files only (`--runtime local`). */
const LOCAL_ONLY = ["proper-lockfile"];

interface Op { readonly process: unknown; readonly type: string; readonly f: string; readonly value?: { nodes?: string[]; lost?: Record<string, unknown> } }

function fencecheck(args: string[]): { status: number | null; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [bin, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 280_000 });
    return { status: 0, stdout, stderr: "" };
  } catch (e) {
    const err = e as { status: number | null; stdout: string; stderr: string };
    return { status: err.status, stdout: err.stdout, stderr: err.stderr };
  }
}

function nemesisOps(): Op[] {
  return readFileSync(join(store, "latest", "history.jsonl"), "utf8").split("\n").filter(Boolean)
    .map((line) => JSON.parse(line) as Op).filter((op) => op.process === "nemesis");
}

/** What a power loss meets of an adapter's server: its node count and each node's launch (program, arguments, environment, image, files). */
async function serverOf(lock: string): Promise<string> {
  const adapter = await (builtInAdapters().find((a) => a.name === lock) ?? expect.unreachable(lock)).load();
  const service = adapter.service ?? expect.unreachable(`${lock} starts no server`);
  const nodes = Array.from({ length: service.nodes }, (_, i) => ({ id: `l${i + 1}`, host: `10.0.0.${i + 1}`, port: 7001, dataDir: `/data/l${i + 1}` }));
  return JSON.stringify({ nodes: service.nodes, launches: nodes.map((node) => service.start(node, nodes)) });
}

describe("the table of this test", () => {
  it("runs the server of every built-in lock service once, and strikes every storage kind", async () => {
    const tabled = RUNS.map(([lock]) => lock);
    const servers = await Promise.all(tabled.map(serverOf));
    expect(new Set(servers).size, "two locks of the table start the same server").toBe(servers.length);
    const others = builtInAdapters().map((a) => a.name).filter((name) => !tabled.includes(name) && !LOCAL_ONLY.includes(name));
    for (const lock of others) expect(servers, `${lock}'s server is run by none of the table`).toContain(await serverOf(lock));
    expect([...new Set(RUNS.map(([, storage]) => storage))].sort()).toEqual(storageKinds().map((k) => k.name).sort());
  });
});

describe.runIf(available)("lose-unfsynced on the docker runtime, every built-in lock service", () => {
  it.each(RUNS)("%s (storage %s): a power loss strikes a lock and a storage node, and each powers on again", { timeout: 300_000 }, (lock, storage) => {
    const ran = fencecheck(["run", "--runtime", "docker", "--lock", lock, "--storage", storage, "--nemesis", "lose-unfsynced-lock,lose-unfsynced-storage",
      "--nemesis-interval", "1", "--time-limit", "6", "--acquire-timeout-ms", "10000", "--store", store]);
    expect([0, 1, 2], `exit ${ran.status}: ${ran.stderr}`).toContain(ran.status);
    const ops = nemesisOps();
    for (const role of ["l", "s"]) {
      const lost = ops.find((op) => op.f === "power-loss" && op.type === "info" && op.value?.lost !== undefined && (op.value.nodes?.[0] ?? "").startsWith(role));
      expect(lost, `a completed power loss on a ${role === "l" ? "lock" : "storage"} node`).toBeDefined();
      const node = lost?.value?.nodes?.[0];
      expect(ops.some((op) => op.f === "power-on" && op.type !== "invoke" && op.value?.nodes?.[0] === node), `node ${node} powered on`).toBe(true);
    }
  });

  it("refuses proper-lockfile up front: its locks are the harness host's files", () => {
    const ran = fencecheck(["run", "--runtime", "docker", "--lock", "proper-lockfile", "--nemesis", "lose-unfsynced-lock", "--time-limit", "6", "--store", store]);
    expect(ran.status).toBe(254);
    expect(ran.stderr.trim().split("\n")).toHaveLength(1);
  });
});
