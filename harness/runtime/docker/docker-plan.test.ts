import { describe, expect, it } from "vitest";
import type { NodeId } from "../../../core/index.js";
import { containerCreateOptions, dockerPlan, networkCreateOptions, runLabelFilter, RUN_LABEL } from "./docker-plan.js";

const nodes = [
  { id: "l1" as NodeId, role: "lock" as const },
  { id: "s1" as NodeId, role: "storage" as const },
  { id: "c1" as NodeId, role: "client" as const },
];
const mounts = { readOnly: ["/work/main"], readWrite: ["/work/main/store"], clockDir: "/tmp/fc-clock" };

describe("dockerPlan", () => {
  it("gives every node a fixed address in the run's /24, from .10 up", () => {
    const plan = dockerPlan("abc123", nodes);
    const net = plan.subnet.replace(/\.0\/24$/, "");
    expect(plan.subnet).toMatch(/^10\.(21\d|22\d)\.\d{1,3}\.0\/24$/);
    expect(plan.gateway).toBe(`${net}.1`);
    expect(plan.containers.map((c) => c.host)).toEqual([`${net}.10`, `${net}.11`, `${net}.12`]);
    expect(plan.containers.map((c) => c.name)).toEqual(["fc-abc123-l1", "fc-abc123-s1", "fc-abc123-c1"]);
    expect(plan.network).toBe("fc-abc123");
  });

  it("is the same for the same run id and attempt, and moves on the next attempt", () => {
    expect(dockerPlan("abc123", nodes)).toEqual(dockerPlan("abc123", nodes));
    expect(dockerPlan("abc123", nodes, 1).subnet).not.toBe(dockerPlan("abc123", nodes, 0).subnet);
  });

  it("refuses a node id used twice and a run id that cannot name objects", () => {
    expect(() => dockerPlan("abc", [nodes[0]!, nodes[0]!])).toThrow(/used twice/);
    expect(() => dockerPlan("a b", nodes)).toThrow(/Cannot use run id "a b"/);
  });
});

describe("create options", () => {
  const plan = dockerPlan("abc123", nodes);

  it("labels the network with the run id and gives it the planned subnet", () => {
    const options = networkCreateOptions(plan);
    expect(options.Labels).toEqual({ [RUN_LABEL]: "abc123" });
    expect(options.IPAM?.Config).toEqual([{ Subnet: plan.subnet, Gateway: plan.gateway }]);
  });

  it("labels the network and containers of a run with the controller that starts it", () => {
    const owned = dockerPlan("abc123", nodes, 0, "00112233aabbccdd");
    expect(networkCreateOptions(owned).Labels).toEqual({ [RUN_LABEL]: "abc123", "fencecheck.controller": "00112233aabbccdd" });
    expect(containerCreateOptions(owned, owned.containers[1]!, "fencecheck/node:local", mounts).Labels)
      .toEqual({ [RUN_LABEL]: "abc123", "fencecheck.controller": "00112233aabbccdd", "fencecheck.node": "s1" });
  });

  it("puts a container on the run network at its address, labelled, unprivileged, with same-path mounts", () => {
    const options = containerCreateOptions(plan, plan.containers[1]!, "fencecheck/node:local", mounts);
    expect(options.Labels).toEqual({ [RUN_LABEL]: "abc123", "fencecheck.node": "s1" });
    expect(options.HostConfig?.Privileged).toBe(false);
    expect(options.HostConfig?.CapAdd).toBeUndefined();
    expect(options.HostConfig?.Binds).toEqual([
      "/work/main:/work/main:ro",
      "/work/main/store:/work/main/store:rw",
      "/tmp/fc-clock:/fencecheck/clock:ro",
    ]);
    expect(options.NetworkingConfig?.EndpointsConfig?.[plan.network]?.IPAMConfig?.IPv4Address).toBe(plan.containers[1]!.host);
  });

  it("gives each node's container its own folder of the run read-write, and no other node's nor the store", () => {
    const nodeDirs = { l1: "/work/main/store/r/t/nodes/l1", s1: "/work/main/store/r/t/nodes/s1" };
    const own = { readOnly: ["/work/main"], readWrite: [], clockDir: "/tmp/fc-clock", nodeDirs };
    const binds = plan.containers.map((c) => containerCreateOptions(plan, c, "fencecheck/node:local", own).HostConfig?.Binds);
    expect(binds[1]).toEqual(["/work/main:/work/main:ro", "/work/main/store/r/t/nodes/s1:/work/main/store/r/t/nodes/s1:rw", "/tmp/fc-clock:/fencecheck/clock:ro"]);
    expect(binds[0]).toContain("/work/main/store/r/t/nodes/l1:/work/main/store/r/t/nodes/l1:rw");
    expect(binds.flat().filter((b) => b?.endsWith(":rw"))).toHaveLength(2);
  });

  it("filters one run's objects, or every run's", () => {
    expect(JSON.parse(runLabelFilter("abc"))).toEqual({ label: ["fencecheck.run=abc"] });
    expect(JSON.parse(runLabelFilter())).toEqual({ label: ["fencecheck.run"] });
  });
});
