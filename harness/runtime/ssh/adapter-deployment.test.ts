import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adapterTarArgs, deployAdapterFolder, remoteAdapterDir } from "./adapter-deployment.js";
import { localHost } from "./testing/local-host.js";

describe("an adapter module's folder on the hosts", () => {
  it("goes into the run's folder", () => {
    expect(remoteAdapterDir("/var/tmp/fencecheck/abcd1234")).toBe("/var/tmp/fencecheck/abcd1234/adapter");
  });

  it("is packed without the store when the store lies inside it, and whole otherwise", () => {
    expect(adapterTarArgs("/home/u/proj", "/home/u/proj/store")).toEqual(["-C", "/home/u/proj", "-cz", "--exclude=./store", "."]);
    expect(adapterTarArgs("/home/u/proj", "/var/store")).toEqual(["-C", "/home/u/proj", "-cz", "."]);
    expect(adapterTarArgs("/home/u/proj", "/home/u/proj")).toEqual(["-C", "/home/u/proj", "-cz", "."]);
  });

  it("arrives on the host with the module and what lies beside it, replacing an earlier copy (this machine standing in for the host)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-adapter-"));
    const local = join(dir, "proj");
    mkdirSync(join(local, "store", "run"), { recursive: true });
    writeFileSync(join(local, "adapter.mjs"), "export default {};\n");
    writeFileSync(join(local, "server.mjs"), "// server\n");
    writeFileSync(join(local, "store", "run", "history.jsonl"), "{}\n");
    const remote = join(dir, "host", "adapter");
    mkdirSync(remote, { recursive: true });
    writeFileSync(join(remote, "stale.mjs"), "");
    await deployAdapterFolder(localHost(), local, remote, { storeDir: join(local, "store") });
    expect(readFileSync(join(remote, "server.mjs"), "utf8")).toBe("// server\n");
    expect(existsSync(join(remote, "adapter.mjs"))).toBe(true);
    expect(existsSync(join(remote, "store"))).toBe(false);
    expect(existsSync(join(remote, "stale.mjs"))).toBe(false);
    expect(execFileSync("ls", [remote], { encoding: "utf8" }).split("\n").filter(Boolean).sort()).toEqual(["adapter.mjs", "server.mjs"]);
  });

  it("that cannot be unpacked on the host is one error naming the host and the folder", async () => {
    // The host's folder lies outside the packed one: made inside it, tar could find the folder changed as it read it.
    const dir = mkdtempSync(join(tmpdir(), "fc-adapter-"));
    const remote = join(mkdtempSync(join(tmpdir(), "fc-adapter-host-")), "remote");
    writeFileSync(join(dir, "adapter.mjs"), "");
    const failing = localHost((c) => c.replace(/tar -xz -C (\S+)$/, "cat > /dev/null; echo 'tar: no space left' >&2; exit 2"));
    await expect(deployAdapterFolder(failing, dir, remote, { storeDir: "/nowhere" })).rejects.toThrow(`Cannot copy the adapter's folder "${dir}" to host "local": unpacking it failed: tar: no space left`);
  });
});
