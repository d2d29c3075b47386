import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runCliInProcess } from "./testing/in-process-cli.js";

// The first call loads the CLI's modules: slow on a loaded machine, and nothing here is timed.
vi.setConfig({ testTimeout: 60_000 });

const store = mkdtempSync(join(tmpdir(), "fencecheck-cli-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCliInProcess(argv);

describe("the fencecheck CLI", () => {
  it("exits 254 with one line naming an unknown lock service, before anything starts", async () => {
    const { code, err } = await cli("run", "--lock", "chubby", "--store", store);
    expect(code).toBe(254);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).toContain('"chubby"');
    expect(readdirSync(store)).toEqual([]);
  });

  it("exits 254 for an unknown fault", async () => {
    const { code, err } = await cli("run", "--nemesis", "meteor", "--store", store);
    expect(code).toBe(254);
    expect(err).toContain('"meteor"');
  });

  it("exits 254 for a storage kind that does not exist", async () => {
    expect((await cli("run", "--storage", "tape", "--store", store)).code).toBe(254);
  });

  it("exits 254 when analyze is pointed at a folder that is not a run", async () => {
    const { code, err } = await cli("analyze", store);
    expect(code).toBe(254);
    expect(err).toContain("config.json");
  });

  it("exits 0 for --help and lists the faults from the registry", async () => {
    const { code, out } = await cli("run", "--help");
    expect(code).toBe(0);
    expect(out).toContain("pause-holder");
  });

  it("lists lock services, storages and faults", async () => {
    const { code, out } = await cli("list");
    expect(code).toBe(0);
    expect(out).toMatch(/reference/);
    expect(out).toMatch(/unfenced/);
    expect(out).toMatch(/pause-holder/);
  });
});
