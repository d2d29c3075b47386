import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { builtInAdapters } from "../../../workloads/index.js";
import { lockServiceRequirements, PROBE_DATA_DIR } from "./lock-requirements.js";

const example = resolve(import.meta.dirname, "../../../examples/custom-lock/adapter.mjs");

/** The modification times of what a probe could have written: /tmp's entries and the probe's folder. */
function snapshot(): string[] {
  return readdirSync("/tmp").map((f) => {
    try {
      return `${f} ${statSync(join("/tmp", f)).mtimeMs}`;
    } catch {
      return f;
    }
  }).sort();
}

describe("what a lock service needs on the hosts", () => {
  it("is learned without writing anything: not in /tmp, not in the probe's folder", async () => {
    const before = snapshot();
    for (const adapter of builtInAdapters()) await lockServiceRequirements(adapter.name);
    expect(existsSync(PROBE_DATA_DIR)).toBe(false);
    expect(existsSync("/nonexistent")).toBe(false);
    // Other processes share /tmp: only the files a ZooKeeper launch used to write are ours to miss.
    const added = snapshot().filter((line) => !before.includes(line)).map((line) => line.split(" ")[0]);
    expect(added.filter((f) => f === "myid" || f === "zoo.cfg")).toEqual([]);
  });

  it("is each built-in service's own program, with the package that installs it", async () => {
    expect(await lockServiceRequirements("reference")).toEqual([]);
    expect(await lockServiceRequirements("etcd")).toEqual([{ program: "/usr/bin/etcd", install: "apt-get install etcd-server" }]);
    expect(await lockServiceRequirements("zookeeper")).toEqual([{ program: "/usr/bin/java", install: "apt-get install zookeeper" }]);
    expect(await lockServiceRequirements("redlock")).toEqual([{ program: "/usr/bin/redis-server", install: "apt-get install redis-server" }]);
  });

  it("is nothing for an adapter module whose program is Node or lies in its own folder (both deployed)", async () => {
    expect(await lockServiceRequirements(example)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), "fc-module-"));
    const module = (program: string): string => {
      const path = join(dir, `${program.replace(/\W/g, "_")}.mjs`);
      writeFileSync(path, `export default { name: "m", service: { nodes: 1, start: () => ({ argv: [${JSON.stringify(program)}] }) }, connect: async () => ({}) };\n`);
      return path;
    };
    expect(await lockServiceRequirements(module(join(dir, "bin", "server")))).toEqual([]);
    expect(await lockServiceRequirements(module("/usr/sbin/my-lockd"))).toEqual([{ program: "/usr/sbin/my-lockd", install: 'install "/usr/sbin/my-lockd"' }]);
    expect(await lockServiceRequirements(module("my-lockd"))).toEqual([{ program: "my-lockd", install: 'install "my-lockd"' }]);
  });

  it("refuses, in one line, a module whose start writes on this machine", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-module-"));
    mkdirSync(dir, { recursive: true });
    const path = join(dir, "writes.mjs");
    writeFileSync(path, `import { writeFileSync } from "node:fs";\nexport default { name: "w", service: { nodes: 1, start: (n) => (writeFileSync(n.dataDir + "/cfg", "x"), { argv: ["/bin/true"] }) }, connect: async () => ({}) };\n`);
    await expect(lockServiceRequirements(path)).rejects.toMatchObject({
      code: "config.invalid",
      message: expect.stringMatching(new RegExp(`^Cannot use lock service "${path}" on the hosts: its service\\.start threw while describing a node's launch \\(ENOENT[^\\n]*\\); start must only describe the launch, with the files it needs in "files"$`)),
    });
  });
});
