import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanDocker, dockerObjectFate, runFolderIn } from "./clean-docker.js";
import type { DockerEngine } from "./docker-engine.js";

/** An engine whose one network refuses removal with `errors`, in order, then gives way. */
function engineWith(errors: string[]): { engine: DockerEngine; removedContainers: string[]; networkTries: () => number; disconnected: string[] } {
  const removedContainers: string[] = [];
  const disconnected: string[] = [];
  let tries = 0;
  const docker = {
    listContainers: async () => [{ Id: "c1", Names: ["/fc-run1-l1"], Labels: { "fencecheck.run": "run1" } }],
    getContainer: (id: string) => ({ remove: async () => void removedContainers.push(id) }),
    listNetworks: async () => [{ Id: "n1", Name: "fc-run1", Labels: { "fencecheck.run": "run1" } }],
    getNetwork: () => ({
      inspect: async () => ({ Containers: { stale1: { Name: "fc-run1-l1" } } }),
      disconnect: async (opts: { Container: string; Force: boolean }) => void disconnected.push(`${opts.Container}${opts.Force ? " by force" : ""}`),
      remove: async () => {
        const error = errors[tries++];
        if (error !== undefined) throw new Error(error);
      },
    }),
  };
  return { engine: { docker, remote: false } as unknown as DockerEngine, removedContainers, networkTries: () => tries, disconnected };
}

describe("cleanDocker", () => {
  it("tries a network again, its containers removed again, while a container's removal still holds an endpoint", async () => {
    const active = "(HTTP code 403) unexpected - error while removing network: network fc-run1 has active endpoints";
    const { engine, removedContainers, networkTries } = engineWith([active, active]);
    const result = await cleanDocker(engine, { runId: "run1" });
    expect(networkTries()).toBe(3);
    expect(removedContainers).toEqual(["c1", "c1", "c1"]);
    expect(result.networks).toEqual(["fc-run1"]);
  });

  it("disconnects by force, from the fourth try, an endpoint the engine keeps after its container is gone", async () => {
    const active = "(HTTP code 403) unexpected - error while removing network: network fc-run1 has active endpoints";
    const { engine, disconnected, networkTries } = engineWith([active, active, active, active]);
    await cleanDocker(engine, { runId: "run1" });
    expect(networkTries()).toBe(5);
    expect(disconnected).toEqual(["stale1 by force"]);
  });

  it("fails at once on any other error, and takes a network already gone as removed", async () => {
    await expect(cleanDocker(engineWith(["(HTTP code 500) server error"]).engine, { runId: "run1" })).rejects.toThrow(/server error/);
    await expect(cleanDocker(engineWith(["(HTTP code 404) no such network"]).engine, { runId: "run1" })).resolves.toMatchObject({ runs: ["run1"] });
  });
});

/** An engine holding one container and one network per label set, recording what is removed. */
function engineHolding(labelSets: Record<string, string>[]): { engine: DockerEngine; removed: string[] } {
  const removed: string[] = [];
  const matches = (filters: string, labels: Record<string, string>): boolean => {
    const [wanted] = (JSON.parse(filters) as { label: string[] }).label;
    const [key, value] = (wanted ?? "").split("=");
    return key !== undefined && key in labels && (value === undefined || labels[key] === value);
  };
  const docker = {
    listContainers: async ({ filters }: { filters: string }) =>
      labelSets.filter((l) => matches(filters, l)).map((Labels, i) => ({ Id: `c${i}`, Names: [`/c${i}`], Labels })),
    getContainer: (id: string) => ({ remove: async () => void removed.push(id) }),
    listNetworks: async ({ filters }: { filters: string }) =>
      labelSets.filter((l) => matches(filters, l)).map((Labels, i) => ({ Id: `n${i}`, Name: `n${i}`, Labels })),
    getNetwork: (id: string) => ({ remove: async () => void removed.push(id) }),
  };
  return { engine: { docker, remote: false } as unknown as DockerEngine, removed };
}

const ours = (run: string) => ({ "fencecheck.run": run, "fencecheck.controller": "00112233aabbccdd" });

describe("cleanDocker without a run id", () => {
  it("never takes a label that is not a run id for a folder, and leaves its objects on the engine", async () => {
    const root = mkdtempSync(join(tmpdir(), "fc-clean-docker-"));
    const stateDir = join(root, "state");
    mkdirSync(join(root, "x"), { recursive: true });
    mkdirSync(join(stateDir, "abcd1234"), { recursive: true });
    const { engine, removed } = engineHolding([{ "fencecheck.run": "../x" }, ours("../x"), ours("abcd1234")]);

    const result = await cleanDocker(engine, { all: true, stateDir });

    expect(existsSync(join(root, "x"))).toBe(true);
    expect(existsSync(join(stateDir, "abcd1234"))).toBe(false);
    expect(removed.sort()).toEqual(["c2", "n2"]);
    expect(result).toMatchObject({ runs: ["abcd1234"], refused: ["../x"], leftAlone: [] });
  });

  it("removes only this controller's runs, and names the others it left alone", async () => {
    const { engine, removed } = engineHolding([ours("abcd1234"), { "fencecheck.run": "old00001" }, { "fencecheck.run": "zzzz9999", "fencecheck.controller": "ffffffffffffffff" }]);
    const result = await cleanDocker(engine, { controllerId: "00112233aabbccdd" });
    expect(removed.sort()).toEqual(["c0", "n0"]);
    expect(result).toMatchObject({ runs: ["abcd1234"], leftAlone: ["old00001", "zzzz9999"], refused: [] });
  });

  it("removes every run's objects with all, older runs without a controller id included", async () => {
    const { engine, removed } = engineHolding([ours("abcd1234"), { "fencecheck.run": "old00001" }]);
    expect(await cleanDocker(engine, { all: true })).toMatchObject({ runs: ["abcd1234", "old00001"], leftAlone: [] });
    expect(removed.sort()).toEqual(["c0", "c1", "n0", "n1"]);
  });

  it("removes nothing when it knows no controller id and is not asked for all", async () => {
    const { engine, removed } = engineHolding([ours("abcd1234")]);
    expect(await cleanDocker(engine)).toMatchObject({ runs: [], leftAlone: ["abcd1234"] });
    expect(removed).toEqual([]);
  });
});

describe("dockerObjectFate", () => {
  it("refuses labels that are not run ids, the image check's excepted", () => {
    for (const label of ["../x", "", "/etc", "abcd123", "ABCD1234", "abcd1234/.."]) expect(dockerObjectFate({ "fencecheck.run": label }, { all: true })).toBe("refuse");
    expect(dockerObjectFate({ "fencecheck.run": "image-check" }, { all: true })).toBe("remove");
  });

  it("takes a given run id's objects whichever controller made them", () => {
    expect(dockerObjectFate({ "fencecheck.run": "abcd1234" }, { runId: "abcd1234", controllerId: "00112233aabbccdd" })).toBe("remove");
  });
});

describe("runFolderIn", () => {
  it("is a plain name inside the state folder, and nothing else", () => {
    expect(runFolderIn("/s/state", "abcd1234")).toBe("/s/state/abcd1234");
    for (const name of ["..", ".", "../x", "a/b", "", "/etc"]) expect(runFolderIn("/s/state", name)).toBeUndefined();
  });
});
