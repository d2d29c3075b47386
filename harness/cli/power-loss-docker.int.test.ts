/**
 * Power loss (`lose-unfsynced`) on the docker runtime against every
 * built-in lock service, and every storage kind once: one short run each,
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

/** Each built-in lock service with a storage kind, so that every kind is struck once. */
const RUNS: ReadonlyArray<readonly [lock: string, storage: string]> = [
  ["reference", "fenced"], ["reference-wallclock", "unfenced"], ["reference-timer", "file"], ["reference-nosync", "fenced"],
  ["etcd", "s3"], ["zookeeper", "s3-conditional"], ["redis", "cas"], ["redis-token", "postgres-fenced"],
  ["redis-token-everysec", "fenced"], ["redis-token-volatile", "fenced"], ["redlock", "cas"], ["postgres", "postgres-unfenced"],
  ["quorum", "fenced"], ["redis-semaphore", "cas"], ["etcd-lock", "cas"], ["warlock", "cas"], ["dynamodb-lock", "fenced"],
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

describe("the table of this test", () => {
  it("names every built-in lock service and strikes every storage kind", () => {
    expect([...RUNS.map(([lock]) => lock), ...LOCAL_ONLY].sort()).toEqual(builtInAdapters().map((a) => a.name).sort());
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
