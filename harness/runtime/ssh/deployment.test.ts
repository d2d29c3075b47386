import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { localBundle, unpackCommand } from "./deployment.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A package root with a build, a lock file, a stand-in Node binary and libfaketime. */
function fixture(): { root: string; node: string; faketime: string; write: (path: string, text: string) => void } {
  const root = mkdtempSync(join(tmpdir(), "fc-deploy-"));
  dirs.push(root);
  const write = (path: string, text: string): void => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("package.json", JSON.stringify({ version: "1.2.3" }));
  write("package-lock.json", "{}");
  write("dist/harness/a.js", "export const a = 1;\n");
  write("dist/bundle/check.cjs.cache", "code cache 1");
  write("bin/node", "node");
  write("faketime/libfaketime.so.1", "lib");
  write("faketime/libfaketimeMT.so.1", "lib");
  return { root, node: join(root, "bin/node"), faketime: join(root, "faketime"), write };
}

describe("localBundle", () => {
  it("keeps its version when the build is written again with the same content, so hosts keep their copy", () => {
    const f = fixture();
    const before = localBundle(f.root, f.node, f.faketime).version;
    f.write("dist/harness/a.js", "export const a = 1;\n");
    utimesSync(join(f.root, "dist/harness/a.js"), new Date(), new Date(Date.now() + 60_000));
    f.write("dist/bundle/check.cjs.cache", "code cache 2");
    f.write("dist/harness/a.js.map", "{}");
    expect(localBundle(f.root, f.node, f.faketime).version).toBe(before);
    expect(before).toMatch(/^1\.2\.3-[0-9a-f]{12}$/);
  });

  it("takes a new version when a built file or the lock file changes", () => {
    const f = fixture();
    const first = localBundle(f.root, f.node, f.faketime).version;
    f.write("dist/harness/a.js", "export const a = 2;\n");
    const second = localBundle(f.root, f.node, f.faketime).version;
    f.write("package-lock.json", '{"lockfileVersion":3}');
    const third = localBundle(f.root, f.node, f.faketime).version;
    expect(new Set([first, second, third]).size).toBe(3);
  });
});

describe("unpacking a deployment on a host", () => {
  /** A gzipped tar of one file, as the host receives it on stdin. */
  function archiveOf(text: string): Buffer {
    const stage = mkdtempSync(join(tmpdir(), "fc-unpack-stage-"));
    dirs.push(stage);
    writeFileSync(join(stage, "file.txt"), text);
    return execFileSync("tar", ["-C", stage, "-czf", "-", "file.txt"]);
  }
  /** Runs the unpack command in bash with `archive` on stdin; resolves with its exit code. */
  function unpack(dir: string, archive: Buffer): Promise<number | null> {
    return new Promise((resolve) => {
      const child = spawn("bash", ["-c", unpackCommand(dir)], { stdio: ["pipe", "ignore", "ignore"] });
      child.on("close", resolve);
      child.stdin.end(archive);
    });
  }

  it("unpacks into place, marked complete, and leaves no partial folder", async () => {
    const root = mkdtempSync(join(tmpdir(), "fc-unpack-"));
    dirs.push(root);
    expect(await unpack(join(root, "1.0-abc"), archiveOf("one"))).toBe(0);
    expect(readdirSync(join(root, "1.0-abc")).sort()).toEqual([".complete", "file.txt"]);
    expect(readdirSync(root)).toEqual(["1.0-abc"]);
  });

  it("lets two deployments of one version at once both succeed, and a later one leave the first in place", async () => {
    const root = mkdtempSync(join(tmpdir(), "fc-unpack-"));
    dirs.push(root);
    const dir = join(root, "1.0-abc");
    const archive = archiveOf("x".repeat(4_000_000));
    expect(await Promise.all([unpack(dir, archive), unpack(dir, archive), unpack(dir, archive)])).toEqual([0, 0, 0]);
    const inode = statSync(dir).ino;
    expect(await unpack(dir, archive)).toBe(0);
    expect(statSync(dir).ino).toBe(inode);
    expect(readdirSync(root)).toEqual(["1.0-abc"]);
  });

  it("replaces an incomplete folder, and removes a partial folder over an hour old", async () => {
    const root = mkdtempSync(join(tmpdir(), "fc-unpack-"));
    dirs.push(root);
    mkdirSync(join(root, "1.0-abc"));
    mkdirSync(join(root, "1.0-abc.partial.99"));
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(root, "1.0-abc.partial.99"), hourAgo, hourAgo);
    expect(await unpack(join(root, "1.0-abc"), archiveOf("two"))).toBe(0);
    expect(readdirSync(join(root, "1.0-abc")).sort()).toEqual([".complete", "file.txt"]);
    expect(readdirSync(root)).toEqual(["1.0-abc"]);
  });
});
