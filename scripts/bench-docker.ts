/**
 * `npm run bench:docker`: the docker runtime's costs. Image build time of
 * the node and etcd images, cold (their tags removed first) and cached
 * (inputs unchanged; the cold build also bypasses the builder's layer
 * cache), then the bring-up of 3 etcd nodes + 1 storage node +
 * 5 client agents (from the first node starting to the workload starting:
 * nodes up, every service ready, every agent's hello) in containers, next
 * to the same on the local runtime. Needs root, a Docker engine and the
 * Debian packages; removes only fencecheck/node and fencecheck/etcd tags.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSystemClock } from "../core/index.js";
import { createLocalRuntime, dockerRuntimeForRun, resolveRun, runImages, runTest, type RunConfig, type Runtime } from "../harness/index.js";
import { buildImages, connectEngine, packageRoot } from "../harness/runtime/index.js";
import { measurementRecorder } from "./measurements/page.js";

const ROUNDS = 2;
const recorder = measurementRecorder("bench-docker", process.argv.slice(2), () => new Date());

function configFor(runtime: "local" | "docker", storeDir: string): RunConfig {
  return {
    name: `bench-${runtime}`, seed: 1, runtime,
    lock: { adapter: "etcd", nodes: 3 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 5, resources: 2, ttlMs: 2000, holdMs: 0, acquireTimeoutMs: 3000 },
    nemesis: { faults: [], intervalMs: 3000, options: {} },
    timeLimitMs: 1000, opTimeoutMs: 10_000, storeDir, command: "npm run bench:docker",
  };
}

async function buildTimes(): Promise<string[]> {
  const engine = connectEngine();
  const clock = createSystemClock();
  const templatePath = join(packageRoot(), "docker", "offline", "Dockerfile");
  const images = await engine.docker.listImages({ filters: JSON.stringify({ reference: ["fencecheck/node", "fencecheck/etcd"] }) });
  for (const tag of images.flatMap((i) => i.RepoTags ?? []).reverse()) await engine.docker.getImage(tag).remove({ force: true }).catch(() => undefined);
  const lines: string[] = [];
  for (const label of ["cold", "cached"]) {
    const started = clock.nowNs();
    const results = await buildImages(engine, { names: ["etcd"], templatePath, clock, ...(label === "cold" ? { force: true, noCache: true } : {}) });
    const each = results.map((r) => `${r.name} ${r.status} ${(r.durationMs / 1000).toFixed(2)} s`).join(", ");
    lines.push(`image build (node + etcd), ${label.padEnd(6)} ${((clock.nowNs() - started) / 1e9).toFixed(2).padStart(6)} s   (${each})`);
  }
  return lines;
}

async function bringUp(kind: "local" | "docker", storeDir: string): Promise<number> {
  const clock = createSystemClock();
  const run = await resolveRun(configFor(kind, storeDir), { nodesGiven: true });
  const runtime: Runtime = kind === "docker" ? await dockerRuntimeForRun(run.config, { images: runImages(run.config), adapterFiles: run.adapter.adapter.files }) : createLocalRuntime();
  let startedAt = 0;
  let runningAt = 0;
  const outcome = await runTest(run, {
    runtime,
    clock,
    log(line) {
      if (line.startsWith("starting")) startedAt = clock.nowNs();
      if (line.startsWith("running ")) runningAt = clock.nowNs();
    },
  });
  if (outcome.error || runningAt === 0) throw new Error(`bring-up on ${kind} failed: ${outcome.error?.message ?? "no workload start"}`);
  return (runningAt - startedAt) / 1e9;
}

async function main(): Promise<void> {
  for (const line of await buildTimes()) recorder.print(line);
  const storeDir = mkdtempSync(join(tmpdir(), "fencecheck-bench-docker-"));
  try {
    for (const kind of ["local", "docker"] as const) {
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) times.push(await bringUp(kind, storeDir));
      const shown = times.map((t) => `${t.toFixed(2)} s`).join(", ");
      recorder.print(`bring-up 3 etcd + storage + 5 agents, ${kind.padEnd(6)} best ${Math.min(...times).toFixed(2)} s   (${shown})`);
    }
  } finally {
    rmSync(storeDir, { recursive: true, force: true });
  }
  recorder.write();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
