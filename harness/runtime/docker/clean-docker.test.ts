import { describe, expect, it } from "vitest";
import { cleanDocker } from "./clean-docker.js";
import type { DockerEngine } from "./docker-engine.js";

/** An engine whose one network refuses removal with `errors`, in order, then gives way. */
function engineWith(errors: string[]): { engine: DockerEngine; removedContainers: string[]; networkTries: () => number } {
  const removedContainers: string[] = [];
  let tries = 0;
  const docker = {
    listContainers: async () => [{ Id: "c1", Names: ["/fc-run1-l1"], Labels: { "fencecheck.run": "run1" } }],
    getContainer: (id: string) => ({ remove: async () => void removedContainers.push(id) }),
    listNetworks: async () => [{ Id: "n1", Name: "fc-run1", Labels: { "fencecheck.run": "run1" } }],
    getNetwork: () => ({
      remove: async () => {
        const error = errors[tries++];
        if (error !== undefined) throw new Error(error);
      },
    }),
  };
  return { engine: { docker, remote: false } as unknown as DockerEngine, removedContainers, networkTries: () => tries };
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

  it("fails at once on any other error, and takes a network already gone as removed", async () => {
    await expect(cleanDocker(engineWith(["(HTTP code 500) server error"]).engine, { runId: "run1" })).rejects.toThrow(/server error/);
    await expect(cleanDocker(engineWith(["(HTTP code 404) no such network"]).engine, { runId: "run1" })).resolves.toMatchObject({ runs: ["run1"] });
  });
});
