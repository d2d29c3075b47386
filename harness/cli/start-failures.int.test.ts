/**
 * A run whose nodes do not start is a harness failure, never a verdict:
 * exit 255, one line on stderr naming the node and its log, nothing on
 * stdout, and nothing of the run left running (namespaces or containers
 * and networks, and the lock server still starting when the storage
 * failed). It used to end with exit 1 (INVALID) and an unhandled
 * HarnessError for the node whose start the teardown cut, leaving the run's
 * nodes up. On the local and (when an engine answers) the docker runtime.
 * Needs root and a build.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock } from "../../core/index.js";
import { buildImages, connectEngine, engineAnswers, packageRoot } from "../runtime/index.js";
import { startCli, type CliResult } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-start-failures-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));
const engine = connectEngine();
const docker = await engineAnswers(engine);
if (!docker) console.warn(`skipping the docker half of the start-failure tests: no Docker engine answers at "${engine.address}"`);

const adapter = (name: string): string => resolve(import.meta.dirname, "testdata/start-failures", `${name}.mjs`);

/** Runs the adapter on the runtime; `marker` names the slow lock server's process (storage-fails.mjs). */
async function runWith(name: string, runtime: "local" | "docker", marker: string): Promise<CliResult> {
  const child = startCli(["run", "--runtime", runtime, "--lock", adapter(name), "--storage", "fenced", "--time-limit", "2", "--clients", "2",
    "--store", join(store, runtime)], { env: { ...process.env, FENCECHECK_TEST_MARKER: marker } });
  return child.done;
}

function runIdOf(stderr: string): string {
  const runId = /\(run ([0-9a-z]+)\)/.exec(stderr)?.[1];
  expect(runId, "the run printed its id").toBeDefined();
  return runId as string;
}

/** What of the run is still there: its namespaces, containers and networks, and processes whose argv holds `marker`. */
async function leftovers(runtime: "local" | "docker", runId: string, marker: string): Promise<string[]> {
  const processes = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).split("\n").filter((l) => l.includes(marker) && !l.includes("FENCECHECK_TEST_MARKER"));
  if (runtime === "local") {
    const namespaces = execFileSync("ip", ["netns", "list"], { encoding: "utf8" }).split("\n").filter((l) => l.startsWith(`fc-${runId}-`));
    return [...namespaces, ...processes];
  }
  const filters = JSON.stringify({ label: [`fencecheck.run=${runId}`] });
  const containers = (await engine.docker.listContainers({ all: true, filters })).map((c) => `container ${c.Names.join(",")}`);
  const networks = (await engine.docker.listNetworks({ filters })).map((n) => `network ${n.Name}`);
  return [...containers, ...networks, ...processes];
}

/** Exit 255, nothing on stdout, exactly one error line (matching `line`), no unhandled error, nothing left. */
async function expectHarnessFailure(runtime: "local" | "docker", result: CliResult, line: RegExp, marker: string): Promise<void> {
  expect(result.stderr).not.toMatch(/Unhandled|\n\s+at /);
  expect(result.code, result.stderr).toBe(255);
  expect(result.stdout).toBe("");
  const errors = result.stderr.split("\n").filter((l) => l.startsWith("fencecheck:"));
  expect(errors).toEqual([expect.stringMatching(line)]);
  expect(await leftovers(runtime, runIdOf(result.stderr), marker)).toEqual([]);
}

const runtimes = [{ runtime: "local" as const, run: true }, { runtime: "docker" as const, run: docker }];

describe("a Docker engine under CI", () => {
  // A missing engine must never switch the docker half off silently: under CI=true it fails.
  it.runIf(process.env.CI === "true")("answers", () => {
    expect(docker, `no Docker engine answers at "${engine.address}"`).toBe(true);
  });
});

describe.each(runtimes)("a run whose nodes do not start, on the $runtime runtime", ({ runtime, run }) => {
  beforeAll(async () => {
    if (run && runtime === "docker") {
      await buildImages(engine, { names: ["node"], templatePath: join(packageRoot(), "docker/offline/Dockerfile"), clock: createSystemClock() });
    }
  }, 600_000);

  it.runIf(run)("exits 255 naming the lock node and its log when the lock service's program does not exist", async () => {
    const marker = `fencecheck-missing-${runtime}-${process.pid}`;
    await expectHarnessFailure(runtime, await runWith("missing-service", runtime, marker),
      /^fencecheck: Cannot start node "l1": process exited with code \d+ before port 7001 was ready \(log \S+\/nodes\/l1\/service\.log: ".+"\)$/, marker);
  });

  it.runIf(run)("exits 255 naming the storage node and its log when storage fails while the lock service starts", async () => {
    const marker = `fencecheck-slow-lock-${runtime}-${process.pid}`;
    await expectHarnessFailure(runtime, await runWith("storage-fails", runtime, marker),
      /^fencecheck: Cannot start node "s1": process exited with code 1 before port 7002 was ready \(log \S+\/nodes\/s1\/service\.log: "EEXIST.*"\)$/, marker);
  });
});
