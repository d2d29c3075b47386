import { describe, expect, it } from "vitest";
import { HarnessError } from "../../core/index.js";
import { faultOptions, optionsToConfig, type RunOptions } from "./options-to-config.js";

const defaults: RunOptions = {
  lock: "reference", lockNodes: "1", storage: "fenced", storageNodes: "1", nemesis: "none", nemesisInterval: "3",
  faultOpt: [], timeLimit: "20", clients: "5", resources: "2", ttlMs: "2000", holdMs: "100", acquireTimeoutMs: "5000",
  opTimeoutMs: "10000", store: "store", runtime: "local",
};
const env = { cwd: "/work/x", defaultSeed: 42, argv: ["run", "--storage", "fenced"] };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof HarnessError ? e.code : "not a HarnessError";
  }
  return undefined;
}

describe("optionsToConfig", () => {
  it("resolves defaults into a complete configuration", () => {
    const config = optionsToConfig(defaults, env);
    expect(config).toMatchObject({
      name: "reference-fenced-none", seed: 42, runtime: "local", timeLimitMs: 20_000, storeDir: "/work/x/store",
      lock: { adapter: "reference", nodes: 1 }, storage: { kind: "fenced", nodes: 1 },
      workload: { name: "lock-write", clients: 5, resources: 2, ttlMs: 2000, holdMs: 100 },
      nemesis: { faults: [], intervalMs: 3000 },
    });
  });

  it("keeps our services durable unless --volatile-services asks for speed", () => {
    expect(optionsToConfig(defaults, env).volatileServices).toBeUndefined();
    expect(optionsToConfig({ ...defaults, volatileServices: true }, env).volatileServices).toBe(true);
  });

  it("records a command that repeats the run with the seed it used", () => {
    expect(optionsToConfig(defaults, env).command).toBe("fencecheck run --storage fenced --seed 42");
    expect(optionsToConfig({ ...defaults, seed: "7" }, env).command).toBe("fencecheck run --storage fenced");
  });

  it("splits the nemesis list and names the run after it", () => {
    const config = optionsToConfig({ ...defaults, nemesis: "pause-holder,pause", storage: "unfenced" }, env);
    expect(config.nemesis.faults).toEqual(["pause-holder", "pause"]);
    expect(config.name).toBe("reference-unfenced-pause-holder+pause");
  });

  it("resolves a relative adapter module path against the working directory", () => {
    expect(optionsToConfig({ ...defaults, lock: "./adapters/mine.mjs" }, env).lock.adapter).toBe("/work/x/adapters/mine.mjs");
  });

  it.each([
    ["an unknown storage kind", { storage: "tape" }],
    ["a negative time limit", { timeLimit: "-1" }],
    ["a fractional client count", { clients: "2.5" }],
    ["a seed that is not a number", { seed: "abc" }],
    ["an unknown runtime", { runtime: "k8s" }],
    ["single-writer with fewer resources than clients", { singleWriter: true, resources: "2", clients: "3" }],
  ])("refuses %s as config.invalid", (_name, patch) => {
    expect(codeOf(() => optionsToConfig({ ...defaults, ...patch }, env))).toBe("config.invalid");
  });
});

describe("faultOptions", () => {
  it("reads numbers and strings per fault", () => {
    expect(faultOptions(["pause-holder.durationMs=3000", "pause.mode=node"])).toEqual({
      "pause-holder": { durationMs: 3000 },
      pause: { mode: "node" },
    });
  });

  it("refuses a pair without a fault name", () => {
    expect(codeOf(() => faultOptions(["durationMs=3"]))).toBe("config.invalid");
  });
});
