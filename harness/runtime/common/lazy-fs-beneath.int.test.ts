/**
 * lazyfs runs as root and serves a node's data folder, whose backing
 * folder the node can write too: a folder it swaps for a symbolic link
 * while the kernel still holds the folder's name must not lead the server
 * outside the backing folder. Needs root, /dev/fuse and native/lazyfs/build.sh.
 */
import { chmodSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { durableDir, mountLazyDisks, type LazyDisks } from "./lazy-fs.js";

const work = mkdtempSync(join(tmpdir(), "fc-lazyfs-beneath-"));
let disks: LazyDisks | undefined;
afterEach(async () => {
  await disks?.unmountAll();
  disks = undefined;
  rmSync(work, { recursive: true, force: true });
});

describe("lazyfs with a symbolic link swapped into its backing folder", () => {
  it("neither reads nor writes outside the backing folder through it", async () => {
    const outside = join(work, "host");
    mkdirSync(outside);
    writeFileSync(join(outside, "secret"), "root's only\n");
    const data = join(work, "data");
    disks = await mountLazyDisks({ n1: data }, createSystemClock(), "beneath");
    const backing = durableDir(data);
    mkdirSync(join(backing, "sub"));
    // The kernel now holds "sub" as a folder for up to a second (entry_timeout): swap it under that.
    expect(statSync(join(data, "sub")).isDirectory()).toBe(true);
    rmdirSync(join(backing, "sub"));
    symlinkSync(outside, join(backing, "sub"));
    expect(() => readFileSync(join(data, "sub", "secret"), "utf8")).toThrow(/ELOOP|ENOENT/);
    expect(() => writeFileSync(join(data, "sub", "planted"), "x")).toThrow(/ELOOP|ENOENT/);
    expect(existsSync(join(outside, "planted"))).toBe(false);
    expect(readFileSync(join(outside, "secret"), "utf8")).toBe("root's only\n");
  });

  it("still serves its own files (a name, a folder, a link read as a link)", async () => {
    const data = join(work, "data");
    disks = await mountLazyDisks({ n1: data }, createSystemClock(), "beneath");
    mkdirSync(join(data, "a", "b"), { recursive: true });
    writeFileSync(join(data, "a", "b", "f"), "kept");
    symlinkSync("b/f", join(data, "a", "l"));
    expect(readFileSync(join(data, "a", "l"), "utf8")).toBe("kept");
    expect(readFileSync(join(durableDir(data), "a", "b", "f"), "utf8")).toBe("");
    chmodSync(join(data, "a", "b", "f"), 0o600);
    expect(statSync(join(data, "a", "b", "f")).mode & 0o777).toBe(0o600);
    truncateSync(join(data, "a", "b", "f"), 2);
    renameSync(join(data, "a", "b", "f"), join(data, "a", "g"));
    linkSync(join(data, "a", "g"), join(data, "a", "h"));
    unlinkSync(join(data, "a", "g"));
    expect(readFileSync(join(data, "a", "h"), "utf8")).toBe("ke");
    rmSync(join(data, "a", "b"), { recursive: true });
    expect(readdirSync(join(data, "a")).sort()).toEqual(["h", "l"]);
  });
});
