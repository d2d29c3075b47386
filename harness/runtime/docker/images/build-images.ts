/**
 * The offline image builder: assembles images from the host's installed
 * binaries with the classic builder (no registry, no BuildKit), and
 * rebuilds an image only when its inputs changed.
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { HarnessError, messageOf } from "../../../../core/index.js";
import type { Clock } from "../../../../core/index.js";
import type { DockerEngine } from "../docker-engine.js";
import { collectInputs } from "./collect-inputs.js";
import { imageSpecs, inputsImageTag, localImageTag } from "./image-specs.js";
import type { ImageSpec } from "./image-specs.js";
import { inputsHash } from "./inputs-hash.js";
import { stageRootfs } from "./stage-rootfs.js";

/** What happened to one image. */
export interface ImageBuildResult {
  readonly name: string;
  /** `fencecheck/<name>:local` (also tagged with its inputs hash). */
  readonly tag: string;
  readonly status: "built" | "cached" | "skipped";
  readonly durationMs: number;
  /** Why it was skipped. */
  readonly reason?: string;
}

/** Options for `buildImages`. */
export interface BuildImagesOptions {
  /** Image names to build (their bases are built too); all known images by default. */
  readonly names?: readonly string[];
  /** Path of docker/offline/Dockerfile. */
  readonly templatePath: string;
  readonly clock: Clock;
  /** Rebuild even when the inputs hash matches an existing image. */
  readonly force?: boolean;
  /** Bypass the builder's layer cache too (a truly cold build, for benchmarks). */
  readonly noCache?: boolean;
  readonly log?: (line: string) => void;
}

/**
 * Builds the asked images, bases first. An optional image whose inputs are
 * not installed is skipped; a missing input of another image throws
 * "prerequisite.missing"; a failed build throws "runtime.command-failed".
 */
export async function buildImages(engine: DockerEngine, opts: BuildImagesOptions): Promise<ImageBuildResult[]> {
  const results: ImageBuildResult[] = [];
  for (const spec of selectSpecs(imageSpecs(), opts.names)) {
    const base = spec.base === undefined ? undefined : results.find((r) => r.name === spec.base);
    if (base?.status === "skipped") {
      results.push({ name: spec.name, tag: localImageTag(spec.name), status: "skipped", durationMs: 0, reason: `base "${spec.base}" was skipped` });
      continue;
    }
    results.push(await buildOne(engine, spec, opts));
    opts.log?.(describeResult(results.at(-1) as ImageBuildResult));
  }
  return results;
}

/** The specs named (and their bases), in dependency order. Throws "config.invalid" for an unknown name. */
export function selectSpecs(specs: readonly ImageSpec[], names: readonly string[] | undefined): ImageSpec[] {
  if (names === undefined || names.length === 0) return [...specs];
  const wanted = new Set<string>();
  const add = (name: string): void => {
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw new HarnessError("config.invalid", `Cannot build image "${name}": no such image (known: ${specs.map((s) => s.name).join(", ")})`);
    wanted.add(name);
    if (spec.base !== undefined) add(spec.base);
  };
  for (const name of names) add(name);
  return specs.filter((s) => wanted.has(s.name));
}

/** One line per image for the CLI: "node: built in 5120 ms (fencecheck/node:local)". */
export function describeResult(result: ImageBuildResult): string {
  if (result.status === "skipped") return `${result.name}: skipped: ${result.reason ?? "inputs missing"}`;
  return `${result.name}: ${result.status} in ${Math.round(result.durationMs)} ms (${result.tag})`;
}

async function buildOne(engine: DockerEngine, spec: ImageSpec, opts: BuildImagesOptions): Promise<ImageBuildResult> {
  const startNs = opts.clock.nowNs();
  const elapsed = (): number => (opts.clock.nowNs() - startNs) / 1e6;
  const local = localImageTag(spec.name);
  const collected = await collectInputs(spec, opts.clock);
  if (collected.missing.length > 0) {
    const reason = `not installed on this host: ${collected.missing.join(", ")}`;
    if (spec.optional) return { name: spec.name, tag: local, status: "skipped", durationMs: elapsed(), reason };
    throw new HarnessError("prerequisite.missing", `Cannot build image "${spec.name}": ${reason}`);
  }
  const template = readFileSync(opts.templatePath, "utf8");
  const baseId = spec.base === undefined ? "" : await imageId(engine, localImageTag(spec.base));
  const hash = inputsHash(spec, collected.entries, template, baseId ?? "");
  const exact = inputsImageTag(spec.name, hash);
  if (!opts.force && (await imageId(engine, exact)) !== undefined) {
    await tagLocal(engine, exact, spec.name);
    return { name: spec.name, tag: local, status: "cached", durationMs: elapsed() };
  }
  const stage = stageRootfs(collected.entries, template);
  try {
    const buildargs = { BASE: spec.base === undefined ? "scratch" : localImageTag(spec.base) };
    const labels = { "fencecheck.image": spec.name, "fencecheck.inputs": hash };
    await runBuild(engine, stage, { t: exact, buildargs, labels, rm: true, forcerm: true, nocache: opts.noCache === true });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  await tagLocal(engine, exact, spec.name);
  return { name: spec.name, tag: local, status: "built", durationMs: elapsed() };
}

async function imageId(engine: DockerEngine, tag: string): Promise<string | undefined> {
  try {
    return (await engine.docker.getImage(tag).inspect()).Id;
  } catch {
    return undefined;
  }
}

async function tagLocal(engine: DockerEngine, exact: string, name: string): Promise<void> {
  await engine.docker.getImage(exact).tag({ repo: `fencecheck/${name}`, tag: "local" });
}

/** Streams the stage as a tar context into the classic builder and waits for the result. */
async function runBuild(engine: DockerEngine, stage: string, options: Record<string, unknown>): Promise<void> {
  const tar = spawn("tar", ["-C", stage, "-c", "."], { stdio: ["ignore", "pipe", "pipe"] });
  const tarDone = new Promise<number | null>((resolve) => tar.on("close", (code) => resolve(code)));
  let stream: NodeJS.ReadableStream;
  try {
    stream = await engine.docker.buildImage(tar.stdout, options);
  } catch (error) {
    tar.kill("SIGKILL");
    throw new HarnessError("runtime.command-failed", `Cannot build image "${String(options["t"])}": ${messageOf(error)}`, { cause: error });
  }
  const events = await new Promise<readonly { error?: string; errorDetail?: { message?: string } }[]>((resolve, reject) => {
    engine.docker.modem.followProgress(stream, (error: Error | null, output: unknown[]) => (error ? reject(error) : resolve(output as never)));
  });
  const failure = events.find((e) => e.error !== undefined);
  if ((await tarDone) !== 0 || failure) {
    const why = failure?.errorDetail?.message ?? failure?.error ?? "tar of the build context failed";
    throw new HarnessError("runtime.command-failed", `Cannot build image "${String(options["t"])}": ${why}`);
  }
}
