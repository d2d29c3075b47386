import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { maxSessionTimeoutFor, propertyValue, zooConfig, zookeeperLaunch } from "./zookeeper-server.js";

const dir = mkdtempSync(join(tmpdir(), "fc-zk-"));
const nodes = ["l1", "l2", "l3"].map((id, i) => ({ id, host: `10.77.0.${10 + i}`, port: 7001, dataDir: join(dir, id) }));
const maxSession = (settings: { ttlMs?: number }) => /^maxSessionTimeout=(\d+)$/m.exec(zooConfig(nodes[0]!, nodes, settings))?.[1];

describe("zoo.cfg", () => {
  it("admits a session as long as a TTL above 20 s, so ZooKeeper does not cap the lease below --ttl-ms", () => {
    expect(maxSession({ ttlMs: 30_000 })).toBe("30000");
    expect(maxSession({ ttlMs: 45_100 })).toBe("45200");
  });

  it("keeps the 20 s ceiling for shorter TTLs and without one", () => {
    expect(maxSession({ ttlMs: 2_000 })).toBe("20000");
    expect(maxSession({})).toBe("20000");
    expect(maxSessionTimeoutFor(undefined)).toBe(20_000);
  });
});

describe("a ZooKeeper node's launch", () => {
  it("writes nothing, and carries zoo.cfg and myid for the node's host", () => {
    for (const n of nodes) mkdirSync(n.dataDir, { recursive: true });
    const launch = zookeeperLaunch(nodes[1]!, nodes, { ttlMs: 30_000 });
    expect(nodes.map((n) => readdirSync(n.dataDir))).toEqual([[], [], []]);
    expect(launch.files).toEqual([
      { path: join(nodes[1]!.dataDir, "myid"), text: "2\n" },
      { path: join(nodes[1]!.dataDir, "zoo.cfg"), text: zooConfig(nodes[1]!, nodes, { ttlMs: 30_000 }) },
    ]);
    expect(launch.argv.at(-1)).toBe(join(nodes[1]!.dataDir, "zoo.cfg"));
  });
});

describe("zoo.cfg's data directory", () => {
  it("is written as java.util.Properties reads it back, so a path cannot add a line of its own", () => {
    expect(propertyValue("/store/a\\b")).toBe("/store/a\\\\b");
    const hostile = { id: "l1", host: "10.77.0.10", port: 7001, dataDir: "/store/x\nserver.9=10.0.0.9:1:2" };
    const lines = zooConfig(hostile, [hostile]).split("\n");
    expect(lines.filter((l) => l.startsWith("server."))).toEqual(["server.1=10.77.0.10:7002:7003"]);
    expect(lines).toContain("dataDir=/store/x\\u000aserver.9=10.0.0.9:1:2");
  });
});
