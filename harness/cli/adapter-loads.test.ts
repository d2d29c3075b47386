/**
 * A run loads its lock adapter once (issue 39: a run resolved once). The
 * loader every station of a run used to call is counted here, across all
 * of `fencecheck run`'s path: its options resolved (`resolveRunOptions`),
 * the runtime made for the run (`runtimeFor`: local, docker, ssh) and the
 * run itself (`runTest`, its refusals, its services and preflight), on the
 * fake runtime (no root, no build: the programs' paths are faked, the
 * agents answered in memory).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { loadLockAdapter } from "../../workloads/index.js";
import { createFakeRuntime, type FakeLineHandler } from "../runtime/fake/fake-runtime.js";
import { runTest } from "../run/index.js";
import { parseRunArgv, resolveRunOptions, runtimeFor } from "./build-run.js";

const loads = vi.hoisted(() => ({ adapters: [] as string[] }));

vi.mock("../../workloads/adapters/load-lock-adapter.js", async (importOriginal) => {
  const real = await importOriginal<{ loadLockAdapter: typeof loadLockAdapter }>();
  return {
    ...real,
    loadLockAdapter: (nameOrPath: string, cwd?: string) => {
      loads.adapters.push(nameOrPath);
      return real.loadLockAdapter(nameOrPath, cwd);
    },
  };
});

vi.mock("../../workloads/entrypoints.js", () => ({
  entrypointPath: (name: string) => `/no-build/${name}.js`,
  launchProgramPath: (name: string) => `/no-build/${name}.js`,
}));

const cwd = mkdtempSync(join(tmpdir(), "fc-adapter-loads-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
beforeEach(() => {
  loads.adapters.length = 0;
});

const MINIMAL_LOCK = resolve(import.meta.dirname, "../../examples/minimal-lock/adapter.mjs");

/** The two kinds of adapter: a built-in lock service the run starts, a user's module reaching a service of the user's. */
const ADAPTERS = [
  ["the built-in reference lock", ["--lock", "reference"]],
  ["a user's adapter module (examples/minimal-lock)", ["--lock", MINIMAL_LOCK, "--endpoints", "127.0.0.1:7999"]],
] as const;

/** Resolves `fencecheck run <args>` as the command does, in this test's folder. */
function resolveArgs(args: readonly string[]) {
  const argv = [...args, "--store", "store", "--time-limit", "0.3", "--clients", "2", "--seed", "3"];
  return resolveRunOptions(parseRunArgv(argv), { cwd, defaultSeed: 1, argv: ["run", ...argv] });
}

/**
 * Agents that grant every acquire with the next token and accept every write; the
 * lock probe (its arguments, a JSON array, on its first line) answers the preflight with a lease.
 */
function agents(): FakeLineHandler {
  let token = 0;
  return (line, ctx) => {
    if (line.startsWith("[")) {
      ctx.exit(0);
      return JSON.stringify({ token: "1" });
    }
    const request = JSON.parse(line) as { session?: number; open?: unknown; id: number; f: string; value: { resource: string } };
    if (request.open !== undefined) return JSON.stringify({ session: request.session, ready: true });
    const value = { ...request.value, token: String(request.f === "acquire" ? ++token : token) };
    return JSON.stringify({ session: request.session, id: request.id, type: "ok", value });
  };
}

describe("a run loads its lock adapter once", () => {
  it.each(ADAPTERS)("from its options to its verdict, for %s", async (_label, args) => {
    const run = await resolveArgs(args);
    await runtimeFor(run, () => undefined);
    const runtime = createFakeRuntime({ onLine: agents(), hello: JSON.stringify({ ready: true }), exec: () => ({ stdout: `${JSON.stringify({ token: "1" })}\n` }) });
    const outcome = await runTest(run, { runtime });
    expect(outcome.error).toBeUndefined();
    expect(outcome.reachedWorkload).toBe(true);
    expect(loads.adapters).toEqual([run.config.lock.adapter]);
  }, 30_000);

  it.each(ADAPTERS)("when the docker and ssh runtimes are made for the run, for %s", async (_label, args) => {
    for (const runtime of [["--runtime", "docker"], ["--runtime", "ssh", "--nodes", "h1,h2,h3,h4,h5", "--known-hosts", join(cwd, "known_hosts")]]) {
      loads.adapters.length = 0;
      const run = await resolveArgs([...args, ...runtime]);
      await runtimeFor(run, () => undefined);
      expect(loads.adapters, runtime.join(" ")).toEqual([run.config.lock.adapter]);
    }
  });

  it("and a bare config given to runTest is resolved once, the adapter loaded there", async () => {
    const { config } = await resolveArgs(ADAPTERS[0][1]);
    loads.adapters.length = 0;
    const runtime = createFakeRuntime({ onLine: agents(), hello: JSON.stringify({ ready: true }), exec: () => ({ stdout: `${JSON.stringify({ token: "1" })}\n` }) });
    const outcome = await runTest(config, { runtime });
    expect(outcome.reachedWorkload).toBe(true);
    expect(loads.adapters).toEqual(["reference"]);
  }, 30_000);
});
