import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseRunArgv, resolveRunConfig } from "./build-run.js";
import { runCliInProcess } from "./testing/in-process-cli.js";

const dir = mkdtempSync(join(tmpdir(), "fencecheck-existing-option-"));
const declared = { port: 2379, pid: "pgrep -x etcd || true", stop: "systemctl kill -s KILL etcd", start: "systemctl start etcd" };
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const good = file("etcd.json", JSON.stringify(declared));
const ssh = ["--runtime", "ssh", "--nodes", "10.0.0.1,10.0.0.2,10.0.0.3,10.0.0.4", "--known-hosts", join(dir, "known_hosts")];
const resolveArgs = (args: string[]) => resolveRunConfig(parseRunArgv(args), { cwd: dir, defaultSeed: 1, argv: ["run", ...args] });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("--existing <file>", () => {
  it("puts the declaration into the run's lock configuration, with the adapter's own node count", async () => {
    const config = await resolveArgs(["--lock", "etcd", "--existing", "etcd.json", ...ssh]);
    expect(config.lock).toMatchObject({ adapter: "etcd", nodes: 3, existing: declared });
  });

  it("takes the node count from the declaration when it gives one, and from --lock-nodes above all", async () => {
    const two = file("two.json", JSON.stringify({ ...declared, nodes: 2 }));
    expect((await resolveArgs(["--lock", "etcd", "--existing", two, ...ssh])).lock.nodes).toBe(2);
    expect((await resolveArgs(["--lock", "etcd", "--existing", two, "--lock-nodes", "1", ...ssh])).lock.nodes).toBe(1);
  });

  it.each([
    [["--lock", "etcd", "--existing", good], `fencecheck: Cannot use an existing lock service with runtime "local": only --runtime ssh reaches the hosts it runs on (add --runtime ssh --nodes ...)`],
    [["--lock", "etcd", "--existing", good, "--endpoints", "10.0.0.1:2379", ...ssh], "fencecheck: Cannot use both --endpoints and an existing service: --endpoints reaches a service no fault reaches, --existing one on your hosts (give one)"],
    [["--lock", "etcd", "--existing", join(dir, "missing.json"), ...ssh], `fencecheck: Cannot read --existing "${join(dir, "missing.json")}": ENOENT`],
    [["--lock", "etcd", "--existing", file("bad.json", "{port"), ...ssh], /^fencecheck: Cannot read --existing ".*bad\.json": it is not JSON/],
    [["--lock", "etcd", "--existing", file("noport.json", JSON.stringify({ ...declared, port: undefined })), ...ssh], /^fencecheck: Cannot use the existing service declared in ".*noport\.json": "port" must be a port number, not undefined$/],
  ] as const)("is refused up front with one line and exit 254: %j", async (args, line) => {
    const { code, err } = await runCliInProcess(["run", "--store", join(dir, "store"), ...args], dir);
    expect(code).toBe(254);
    expect(err.trim().split("\n")).toHaveLength(1);
    if (typeof line === "string") expect(err.trim()).toBe(line);
    else expect(err.trim()).toMatch(line);
  });
});
