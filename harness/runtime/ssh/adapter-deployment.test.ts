import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adapterTarArgs, deployAdapterFolder, remoteAdapterDir } from "./adapter-deployment.js";
import { localHost } from "./testing/local-host.js";

const whole = (dir: string) => ({ dir, files: undefined });
const AS_ROOT = ["--owner=0", "--group=0", "--numeric-owner"];

describe("an adapter module's folder on the hosts", () => {
  it("goes into the run's folder", () => {
    expect(remoteAdapterDir("/var/lib/fencecheck/runs/abcd1234")).toBe("/var/lib/fencecheck/runs/abcd1234/adapter");
  });

  it("is packed as root's, without the store when the store lies inside it, and whole otherwise", () => {
    expect(adapterTarArgs(whole("/home/u/proj"), "/home/u/proj/store")).toEqual(["-C", "/home/u/proj", ...AS_ROOT, "-cz", "--exclude=./store", "."]);
    expect(adapterTarArgs(whole("/home/u/proj"), "/var/store")).toEqual(["-C", "/home/u/proj", ...AS_ROOT, "-cz", "."]);
    expect(adapterTarArgs(whole("/home/u/proj"), "/home/u/proj")).toEqual(["-C", "/home/u/proj", ...AS_ROOT, "-cz", "."]);
  });

  it("is only the files the module declares when it declares them", () => {
    expect(adapterTarArgs({ dir: "/home/u", files: ["adapter.mjs", "server.mjs"] }, "/var/store")).toEqual(["-C", "/home/u", ...AS_ROOT, "-cz", "./adapter.mjs", "./server.mjs"]);
  });

  it("arrives on the host with the module and what lies beside it, replacing an earlier copy, readable by root only (this machine standing in for the host)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-adapter-"));
    const local = join(dir, "proj");
    mkdirSync(join(local, "store", "run"), { recursive: true });
    writeFileSync(join(local, "adapter.mjs"), "export default {};\n", { mode: 0o644 });
    writeFileSync(join(local, "server.mjs"), "// server\n", { mode: 0o755 });
    writeFileSync(join(local, "store", "run", "history.jsonl"), "{}\n");
    const remote = join(dir, "host", "adapter");
    mkdirSync(remote, { recursive: true });
    writeFileSync(join(remote, "stale.mjs"), "");
    await deployAdapterFolder(localHost(), whole(local), remote, { storeDir: join(local, "store") });
    expect(readFileSync(join(remote, "server.mjs"), "utf8")).toBe("// server\n");
    expect(existsSync(join(remote, "adapter.mjs"))).toBe(true);
    expect(existsSync(join(remote, "store"))).toBe(false);
    expect(existsSync(join(remote, "stale.mjs"))).toBe(false);
    expect(execFileSync("ls", [remote], { encoding: "utf8" }).split("\n").filter(Boolean).sort()).toEqual(["adapter.mjs", "server.mjs"]);
    expect([remote, join(remote, "adapter.mjs"), join(remote, "server.mjs")].map((p) => statSync(p).mode & 0o077)).toEqual([0, 0, 0]);
  });

  it("carries only the declared files of a folder that holds others (a home folder's secrets stay home)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-adapter-"));
    writeFileSync(join(dir, "adapter.mjs"), "export default {};\n");
    writeFileSync(join(dir, "server.mjs"), "// server\n");
    mkdirSync(join(dir, ".ssh"));
    writeFileSync(join(dir, ".ssh", "id_ed25519"), "secret\n");
    const remote = join(mkdtempSync(join(tmpdir(), "fc-adapter-host-")), "adapter");
    await deployAdapterFolder(localHost(), { dir, files: ["adapter.mjs", "server.mjs"] }, remote, { storeDir: "/nowhere" });
    expect(execFileSync("ls", ["-A", remote], { encoding: "utf8" }).split("\n").filter(Boolean).sort()).toEqual(["adapter.mjs", "server.mjs"]);
  });

  it("that cannot be unpacked on the host is one error naming the host and the folder", async () => {
    // The host's folder lies outside the packed one: made inside it, tar could find the folder changed as it read it.
    const dir = mkdtempSync(join(tmpdir(), "fc-adapter-"));
    const remote = join(mkdtempSync(join(tmpdir(), "fc-adapter-host-")), "remote");
    writeFileSync(join(dir, "adapter.mjs"), "");
    const failing = localHost((c) => c.replace(/tar --no-same-owner --no-same-permissions -xz -C (\S+) && .*$/, "cat > /dev/null; echo 'tar: no space left' >&2; exit 2"));
    await expect(deployAdapterFolder(failing, whole(dir), remote, { storeDir: "/nowhere" })).rejects.toThrow(`Cannot copy the adapter's folder "${dir}" to host "local": unpacking it failed: tar: no space left`);
  });
});
