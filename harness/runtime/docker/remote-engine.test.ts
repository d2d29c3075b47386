import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Docker from "dockerode";
import { afterEach, describe, expect, it } from "vitest";
import { createSystemClock, HarnessError } from "../../../core/index.js";
import type { NodeId } from "../../../core/index.js";
import { createDockerClocks } from "./docker-clocks.js";
import { createDockerCluster } from "./docker-cluster.js";
import { connectEngine } from "./docker-engine.js";
import { dockerPlan } from "./docker-plan.js";
import { createDockerRuntime, REMOTE_DOCKER_FAULTS } from "./docker-runtime.js";

const saved = process.env["DOCKER_HOST"];
afterEach(() => {
  if (saved === undefined) delete process.env["DOCKER_HOST"];
  else process.env["DOCKER_HOST"] = saved;
});

function remoteEngine(): ReturnType<typeof connectEngine> {
  return { docker: new Docker({ host: "192.0.2.10", port: 2375 }), remote: true, address: "tcp://192.0.2.10:2375" };
}

describe("remote Docker engines", () => {
  it("reads DOCKER_HOST as the docker CLI does: tcp and ssh are remote, the socket is not", () => {
    process.env["DOCKER_HOST"] = "tcp://192.0.2.10:2375";
    expect(connectEngine()).toMatchObject({ remote: true, address: "tcp://192.0.2.10:2375" });
    process.env["DOCKER_HOST"] = "ssh://ci@192.0.2.11";
    expect(connectEngine().remote).toBe(true);
    process.env["DOCKER_HOST"] = "unix:///var/run/docker.sock";
    expect(connectEngine()).toMatchObject({ remote: false, address: "unix:///var/run/docker.sock" });
  });

  it("offers only the faults the engine itself can apply", () => {
    const runtime = createDockerRuntime({ engine: remoteEngine(), mounts: { readOnly: [], readWrite: [] } });
    expect([...runtime.faults].sort()).toEqual(["kill", "pause"]);
    expect(REMOTE_DOCKER_FAULTS.has("partition")).toBe(false);
  });

  it("refuses host-side faults with a clear error before contacting the engine", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fencecheck-remote-"));
    const clock = createSystemClock();
    const plan = dockerPlan("rm1", [{ id: "n1" as NodeId, role: "lock" }, { id: "n2" as NodeId, role: "client" }]);
    const cluster = createDockerCluster({
      engine: remoteEngine(), plan, mounts: { readOnly: [], readWrite: [], clockDir: dir }, faults: REMOTE_DOCKER_FAULTS, clock,
      clocks: createDockerClocks(dir, clock, {}), logDir: dir, stopGraceMs: 0, onFailure: () => undefined, remove: async () => undefined,
    });
    const n1 = "n1" as NodeId;
    for (const attempt of [
      () => cluster.partition(new Map([[n1, new Set(["n2" as NodeId])]])),
      () => cluster.setClock(n1, { offsetMs: 1_000, rate: 1 }),
      () => cluster.dropPackets(n1, ["n2" as NodeId], 0.5),
      () => cluster.probe(n1, "n2" as NodeId),
      () => cluster.delayTraffic(n1, { port: 7001, delayMs: 100, jitterMs: 0, seed: 1 }),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HarnessError);
      expect((error as HarnessError).code).toBe("nemesis.unsupported-fault");
      expect((error as HarnessError).message).toContain(`"tcp://192.0.2.10:2375" is remote`);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
