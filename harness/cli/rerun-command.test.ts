import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunConfig } from "../../core/index.js";
import { scenarioList } from "../scenario/index.js";
import { parseRunArgv, resolveRunConfig } from "./build-run.js";
import { demoRunArgv } from "./demo-command.js";
import { runCliInProcess } from "./testing/in-process-cli.js";
import { cellArgv, parseMatrixSpec } from "./matrix-spec.js";
import { variantConfig } from "./scenario-command.js";

const cwd = mkdtempSync(join(tmpdir(), "fencecheck-rerun-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** Splits a recorded command as a POSIX shell would (words, single quotes, `'\''`). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const m of command.matchAll(/(?:'[^']*'|\\'|[^\s'\\]+)+/g)) {
    words.push(m[0].replace(/'([^']*)'|\\(')/g, (_all, quoted: string | undefined, escaped: string | undefined) => quoted ?? escaped ?? ""));
  }
  return words;
}

/** The config `fencecheck run` builds from the arguments of `fencecheck run ...`. */
function runConfig(args: readonly string[], defaultSeed = 11): Promise<RunConfig> {
  return resolveRunConfig(parseRunArgv(args), { cwd, defaultSeed, argv: ["run", ...args] });
}

/** The config `fencecheck run` builds from a recorded command, given back to it word for word. */
function rerun(config: RunConfig): Promise<RunConfig> {
  const [program, command, ...args] = shellWords(config.command);
  expect([program, command]).toEqual(["fencecheck", "run"]);
  return runConfig(args, 999_999);
}

const cli = (...argv: string[]) => runCliInProcess(argv, cwd);

describe("a run's recorded command, given back to fencecheck run", () => {
  it("splits like a shell, quotes included", () => {
    expect(shellWords(`fencecheck run --name 'a b' --x 'it'\\''s'`)).toEqual(["fencecheck", "run", "--name", "a b", "--x", "it's"]);
  });

  it.each([
    [["--lock", "etcd", "--nemesis", "pause-holder", "--seed", "3"]],
    [["--lock", "redlock", "--storage", "cas"]],
    [["--lock", "zookeeper", "--lock-nodes", "5", "--name", "my run", "--fault-opt", "pause-holder.durationMs=3000"]],
  ])("rebuilds the config of run %j, lock nodes included", async (args) => {
    const config = await runConfig(args);
    expect(await rerun(config)).toEqual(config);
  });

  it("takes the adapter's own lock nodes unless --lock-nodes is given", async () => {
    expect((await runConfig(["--lock", "etcd"])).lock.nodes).toBe(3);
    expect((await runConfig(["--lock", "redlock", "--storage", "cas"])).lock.nodes).toBe(3);
    expect((await runConfig(["--lock", "etcd", "--lock-nodes", "5"])).lock.nodes).toBe(5);
  });

  it.each(["unfenced", "fenced"] as const)("rebuilds the config of the demo's %s half, its hold and lock included", async (storage) => {
    const config = await runConfig(demoRunArgv(["--lock", "etcd", "--time-limit", "5"], storage, "42"));
    expect(config).toMatchObject({ seed: 42, name: `demo-${storage}`, storage: { kind: storage }, lock: { adapter: "etcd", nodes: 3 } });
    expect(config.nemesis.faults).toEqual(["pause-holder"]);
    expect(config.workload.hold).toEqual([{ minMs: 100, maxMs: 100, weight: 1 }]);
    expect(await rerun(config)).toEqual(config);
  });

  it("keeps the user's own seed in the demo's command, once", async () => {
    const config = await runConfig(demoRunArgv(["--seed", "7"], "fenced", undefined));
    expect(config.seed).toBe(7);
    expect(config.command.match(/--seed/g)).toHaveLength(1);
  });

  it("rebuilds the config of every cell of the example matrix", async () => {
    const spec = parseMatrixSpec(readFileSync(resolve(import.meta.dirname, "../../examples/matrix.json"), "utf8"), "matrix.json");
    for (const design of spec.designs) {
      for (const fault of spec.faults) {
        const config = await runConfig(cellArgv(spec, design, fault));
        expect(await rerun(config), `${design.name} under ${fault}`).toEqual(config);
      }
    }
  });

  it("rebuilds the config of every scenario variant, and the redlock scenario runs Redlock over 3 masters", async () => {
    for (const scenario of scenarioList()) {
      for (const variant of scenario.variants) {
        const config = await variantConfig(variant, scenario, 5, { store: "store", cwd });
        expect(config.seed).toBe(5);
        expect(await rerun(config), `${scenario.name} / ${variant.label}`).toEqual(config);
        if (config.lock.adapter === "redlock") expect(config.lock.nodes, `${scenario.name} / ${variant.label}`).toBe(3);
      }
    }
  });
});

describe("options a command cannot honour", () => {
  it("are refused by demo with one line and exit 254: its own --storage and --name", async () => {
    for (const [flag, value] of [["--storage", "cas"], ["--name", "mine"]] as const) {
      const { code, err } = await cli("demo", flag, value, "--store", join(cwd, "store"));
      expect(code).toBe(254);
      expect(err.trim().split("\n")).toEqual([expect.stringContaining(`Cannot run the demo with ${flag}`)]);
    }
  });

  it("are refused by demo before either half runs: a lock service without tokens cannot run fenced storage", async () => {
    const store = join(cwd, "redis-store");
    const { code, err } = await cli("demo", "--lock", "redis", "--store", store);
    expect(code).toBe(254);
    expect(err.trim().split("\n")).toEqual([expect.stringContaining('Cannot run lock service "redis" with storage "fenced"')]);
    expect(() => readdirSync(store)).toThrow();
  });

  it("are refused by run: ssh hosts without the ssh runtime", async () => {
    const { code, err } = await cli("run", "--nodes", "h1,h2", "--store", join(cwd, "store"));
    expect(code).toBe(254);
    expect(err.trim().split("\n")).toEqual([expect.stringContaining('--nodes is an ssh runtime option, but the runtime is "local"')]);
  });
});
