/**
 * A lock service that ships as a container image, through the CLI on the
 * docker runtime: the example of examples/image-lock (its Dockerfile on
 * fencecheck's own node image, built offline here by the engine's classic
 * builder) runs as the lock node under every fault kind (two that need
 * nothing of each other may share a run), each run gives its expected
 * verdict, and each fault is seen to reach the image's process (its
 * restarts, its clock, its pauses and cuts in the nemesis log). On a
 * local engine the clock injector moves the image's clock, whatever its
 * program; the image check that a runtime without it makes still says why
 * libfaketime cannot reach an image whose program is a static binary
 * (busybox in an otherwise empty image).
 * Skipped, with a message, when no Docker engine answers; under CI=true a
 * missing engine fails (docker-runtime.int.test.ts). Needs root and a build.
 */
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystemClock } from "../../core/index.js";
import { buildImages, connectEngine, createDockerRuntime, engineAnswers, packageRoot, type DockerEngine } from "../runtime/index.js";
import { main } from "./main.js";

const engine = connectEngine();
const available = await engineAnswers(engine);
if (!available) console.warn(`skipping image lock service tests: no Docker engine answers at "${engine.address}"`);
const example = join(packageRoot(), "examples/image-lock");
const adapter = join(example, "adapter.mjs");
const staticTag = "fencecheck-test/static-lock:local";
const store = mkdtempSync(join(tmpdir(), "fencecheck-image-lock-"));
// The image runs as uid 1000: it must be able to reach its data directory in the store.
chmodSync(store, 0o755);

/** Builds `tag` from a context folder with the engine's classic builder (no registry). */
async function build(docker: DockerEngine["docker"], context: string, src: string[], tag: string): Promise<void> {
  const stream = await docker.buildImage({ context, src }, { t: tag, rm: true, forcerm: true });
  const events = await new Promise<{ error?: string }[]>((resolve, reject) => {
    docker.modem.followProgress(stream, (error: Error | null, output: unknown[]) => (error ? reject(error) : resolve(output as never)));
  });
  const failure = events.find((e) => e.error !== undefined);
  if (failure) throw new Error(`cannot build ${tag}: ${failure.error}`);
}

/** A run of the example through the CLI: its exit code and one line of stderr per refusal. */
async function run(storage: string, nemesis: string, faultOpts: readonly string[] = [], lock = adapter): Promise<{ code: number; err: string[] }> {
  const err: string[] = [];
  const io = { out: () => undefined, err: (line: string) => void err.push(line), isTty: false };
  const argv = ["run", "--runtime", "docker", "--lock", lock, "--storage", storage, "--nemesis", nemesis,
    ...faultOpts.flatMap((o) => ["--fault-opt", o]), "--acquire-timeout-ms", "10000", "--time-limit", "12", "--seed", "7", "--store", store];
  return { code: await main(argv, io, { cwd: process.cwd(), signal: new AbortController().signal }), err };
}

/** Asserts the exit code, showing the run's stderr when it differs. */
function expectExit(result: { code: number; err: string[] }, code: number): void {
  expect(result.code, result.err.join("\n")).toBe(code);
}

const latest = (file: string): string => readFileSync(join(store, "latest", file), "utf8");
const serviceLog = (): string => latest("nodes/l1/service.log");
interface NemesisOp { f: string; type: string; value?: { nodes?: string[]; skews?: Record<string, { offsetMs?: number }> } }
const nemesisOps = (): NemesisOp[] => latest("nemesis.jsonl").trim().split("\n").map((line) => JSON.parse(line) as NemesisOp);
/** The largest clock offset the nemesis gave the lock node (ms, absolute). */
const largestOffset = (): number => Math.max(0, ...nemesisOps().map((op) => Math.abs(op.value?.skews?.l1?.offsetMs ?? 0)));
const largestDrift = (): number => Math.max(0, ...[...serviceLog().matchAll(/clockDriftMs=(-?\d+)/g)].map((m) => Math.abs(Number(m[1]))));

describe.runIf(available)("a lock service shipped as an image, on the docker runtime", () => {
  beforeAll(async () => {
    await buildImages(engine, { names: ["node"], templatePath: join(packageRoot(), "docker/offline/Dockerfile"), clock: createSystemClock() });
    await build(engine.docker, example, ["Dockerfile", "server.mjs"], "fencecheck-example/image-lock:local");
    const bare = mkdtempSync(join(tmpdir(), "fencecheck-static-image-"));
    copyFileSync("/bin/busybox", join(bare, "busybox"));
    writeFileSync(join(bare, "Dockerfile"), "FROM scratch\nCOPY busybox /bin/busybox\nENTRYPOINT [\"/bin/busybox\", \"nc\", \"-lk\", \"-p\", \"7001\"]\n");
    await build(engine.docker, bare, ["Dockerfile", "busybox"], staticTag);
    rmSync(bare, { recursive: true, force: true });
  }, 600_000);
  afterAll(async () => {
    rmSync(store, { recursive: true, force: true });
    await engine.docker.getImage(staticTag).remove({ force: true }).catch(() => undefined);
  });

  it("finds the stale write that unfenced storage accepted while the holder was paused", async () => {
    expectExit(await run("unfenced", "pause-holder"), 1);
    expect(serviceLog()).toMatch(/starting image fencecheck-example\/image-lock:local/);
    expect(serviceLog()).toMatch(/as uid 1000/);
  }, 300_000);

  it("stays valid with fenced storage under the same pause", async () => {
    expectExit(await run("fenced", "pause-holder"), 0);
  }, 300_000);

  // Faults on the lock node that need nothing of each other share a run, each seen in the nemesis log.
  const struck = (f: string): boolean => nemesisOps().some((op) => op.f === f && op.type === "info" && op.value?.nodes?.includes("l1") === true);

  it("stays valid when the lock node itself is paused and killed, and the image is started again", async () => {
    expectExit(await run("fenced", "pause,kill-lock", ["pause.nodes=lock"]), 0);
    expect(struck("pause"), "a pause of l1").toBe(true);
    expect(struck("kill"), "a kill of l1").toBe(true);
    expect(serviceLog().match(/starting image/g)?.length).toBeGreaterThanOrEqual(2);
  }, 300_000);

  it("stays valid when the holder is cut off by a partition", async () => {
    expectExit(await run("fenced", "partition-holder"), 0);
  }, 300_000);

  it("stays valid when the lock node drops packets and its connections are delayed", async () => {
    expectExit(await run("fenced", "loss,delay", ["loss.nodes=lock", "delay.nodes=lock"]), 0);
    expect(struck("start-loss"), "packets of l1 dropped").toBe(true);
    expect(struck("start-delay"), "connections into l1 delayed").toBe(true);
  }, 300_000);

  it("stays valid when the lock node's clock is skewed, and the image's process feels it", async () => {
    expectExit(await run("fenced", "clock-skew", ["clock.nodes=lock"]), 0);
    // The clock injector, not libfaketime, moved it: every clock op says so.
    expect(serviceLog()).not.toMatch(/LD_PRELOAD=\S*libfaketime/);
    expect(latest("history.jsonl")).toMatch(/"tools":\{"l1":"injector"\}/);
    // The offset is drawn at random (up to 2 TTLs either way): the process's wall clock moved as far, give or take its 100 ms reporting step.
    expect(largestOffset()).toBeGreaterThan(0);
    expect(largestDrift()).toBeGreaterThanOrEqual(largestOffset() - 300);
  }, 300_000);

  it("stays valid when the lock node's clock jumps, and the image's process feels it", async () => {
    expectExit(await run("fenced", "clock-jump", ["clock.nodes=lock"]), 0);
    expect(largestOffset()).toBeGreaterThanOrEqual(1000);
    expect(largestDrift()).toBeGreaterThanOrEqual(largestOffset() - 300);
  }, 300_000);

  it("judges an image whose program is statically linked unreachable by libfaketime, in one line", async () => {
    const runtime = createDockerRuntime({ engine, mounts: { readOnly: [], readWrite: [] } });
    await expect(runtime.checkImage!({ name: staticTag, argv: [], clock: true }))
      .rejects.toThrow(/^Cannot skew the clock of image "fencecheck-test\/static-lock:local": its program "\/bin\/busybox" is statically linked/);
    await expect(runtime.checkImage!({ name: staticTag, argv: [], clock: false })).resolves.toBeUndefined();
  }, 300_000);
});
