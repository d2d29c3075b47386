import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunConfig } from "../../core/index.js";
import { openRunStore, RUN_FILES } from "./run-store.js";
import { runFolderName, writeWhole } from "./run-folder.js";

const stores: string[] = [];
afterEach(() => stores.splice(0).forEach((s) => rmSync(s, { recursive: true, force: true })));

function config(overrides: Partial<RunConfig["workload"]> = {}, seed = 61): RunConfig {
  const storeDir = mkdtempSync(join(tmpdir(), "fc-run-store-"));
  stores.push(storeDir);
  return {
    name: "reference-fenced-none", seed, runtime: "fake", command: "fencecheck run", storeDir, timeLimitMs: 1000, opTimeoutMs: 1000,
    lock: { adapter: "reference", nodes: 1 }, storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 1000, holdMs: 100, acquireTimeoutMs: 1000, ...overrides },
    nemesis: { faults: [], intervalMs: 1000, options: {} },
  };
}

const op = (index: number) => ({ index, time: index, process: 0, type: "invoke" as const, f: "read", value: null });

describe("a run folder", () => {
  it("is never shared: two runs with the same name, options and start second get two complete folders", () => {
    const c = config();
    const a = openRunStore(c, 1_700_000_000_000);
    const b = openRunStore(c, 1_700_000_000_400);
    expect(a.dir).not.toBe(b.dir);
    expect(b.dir).toBe(`${a.dir}-2`);
    a.appendOp(op(0));
    b.appendOp(op(0));
    b.appendOp(op(1));
    a.close();
    b.close();
    expect(readFileSync(join(a.dir, RUN_FILES.history), "utf8").trim().split("\n")).toHaveLength(1);
    expect(readFileSync(join(b.dir, RUN_FILES.history), "utf8").trim().split("\n")).toHaveLength(2);
    for (const dir of [a.dir, b.dir]) expect(readdirSync(dir).sort()).toEqual(["config.json", "history.jsonl", "nemesis.jsonl", "nodes", "storage.jsonl"]);
  });

  it("gets a different name for different options (--hold-ms) or seeds started in the same second", () => {
    const at = 1_700_000_000_000;
    const base = runFolderName(config(), at);
    expect(runFolderName(config({ holdMs: 500 }), at)).not.toBe(base);
    expect(runFolderName(config({}, 62), at)).not.toBe(base);
    expect(runFolderName({ ...config(), command: "other", storeDir: "/elsewhere" }, at)).toBe(base);
    expect(base).toMatch(/^2023-11-14T221320Z-[0-9a-f]{6}$/);
  });

  it("is what store/latest points to, replaced by the next run", () => {
    const c = config();
    const a = openRunStore(c, 1_700_000_000_000);
    expect(readlinkSync(join(c.storeDir, "latest"))).toBe(join(c.name, a.dir.split("/").at(-1) ?? ""));
    const b = openRunStore(c, 1_700_000_005_000);
    expect(readlinkSync(join(c.storeDir, "latest"))).toBe(join(c.name, b.dir.split("/").at(-1) ?? ""));
    expect(readdirSync(c.storeDir).sort()).toEqual(["latest", c.name]);
    a.close();
    b.close();
  });
});

describe("writing a whole file", () => {
  it("replaces the file and leaves no temporary file", () => {
    const dir = config().storeDir;
    writeFileSync(join(dir, "results.json"), "old");
    writeWhole(join(dir, "results.json"), "new");
    expect(readFileSync(join(dir, "results.json"), "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["results.json"]);
  });

  it("names the file when it cannot write", () => {
    expect(() => writeWhole("/nonexistent-dir/results.json", "x")).toThrow(/Cannot write "\/nonexistent-dir\/results.json": ENOENT/);
  });
});
