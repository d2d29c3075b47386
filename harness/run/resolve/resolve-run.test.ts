import { describe, expect, it } from "vitest";
import type { RunConfig } from "../../../core/index.js";
import { isResolvedRun, resolveRun } from "./resolve-run.js";

function config(over: Partial<RunConfig> = {}): RunConfig {
  return {
    name: "t", seed: 4, runtime: "local", command: "", storeDir: "/nonexistent/store", timeLimitMs: 1000, opTimeoutMs: 1000,
    lock: { adapter: "etcd", nodes: 1 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults: ["kill-lock"], intervalMs: 1000, options: {} },
    ...over,
  };
}

describe("resolveRun", () => {
  it("returns the final config (the adapter's node count and lease), the loaded adapter and the plan drawn from that config", async () => {
    const run = await resolveRun(config(), { nodesGiven: false });
    expect(run.config.lock).toEqual({ adapter: "etcd", nodes: 3, lease: { ends: "keep-alive", timedFrom: "request" } });
    expect(run.adapter.name).toBe("etcd");
    expect(run.nemesis.name).toBe("kill-lock");
    expect(isResolvedRun(run)).toBe(true);
    expect(isResolvedRun(run.config)).toBe(false);
  });

  it("keeps a config's lock node count unless told it was not given", async () => {
    expect((await resolveRun(config())).config.lock.nodes).toBe(1);
  });

  it("places every node of an ssh run on its hosts, the placement's choices first, as the runtime would", async () => {
    const ssh = { hosts: ["h1", "h2", "h3"], user: "root", port: 22, knownHostsFile: "/dev/null", acceptNewHostKeys: false, placement: { c2: "h1" } };
    const run = await resolveRun(config({ runtime: "ssh", ssh, lock: { adapter: "reference", nodes: 1 } }));
    expect(run.config.ssh?.placement).toEqual({ l1: "h1", s1: "h2", c1: "h2", c2: "h1" });
    const asked = await resolveRun(config({ runtime: "ssh", lock: { adapter: "reference", nodes: 1 } }), { sshHosts: () => ({ ...ssh, placement: {} }) });
    expect(asked.config.ssh?.placement).toEqual({ l1: "h1", s1: "h2", c1: "h2", c2: "h3" });
  });

  it("makes the CLI's refusals, starting nothing: a token-less service over storage that needs a token", async () => {
    await expect(resolveRun(config({ lock: { adapter: "redis", nodes: 1 } }))).rejects.toMatchObject({ code: "config.invalid", message: expect.stringMatching(/grants no fencing token/) });
    await expect(resolveRun(config({ lock: { adapter: "no-such-lock", nodes: 1 } }))).rejects.toMatchObject({ code: "adapter.invalid" });
  });
});
