import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lazyFsName, lazyMountPoints, unmountRefusal } from "./lazy-fs-clean.js";
import { forgetLazyMounts, lazyMountRecords, recordLazyMounts } from "./lazy-mount-record.js";

const MOUNTS = [
  "/dev/vda / ext4 rw,relatime 0 0",
  "fencecheck-lazyfs-abc12345 /tmp/s/run/nodes/l1/data fuse.lazyfs rw,nosuid,nodev 0 0",
  "fencecheck-lazyfs-abc12345 /tmp/my\\040store/nodes/s1/data fuse.lazyfs rw 0 0",
  "fencecheck-lazyfs-zzz99999 /tmp/other/nodes/l1/data fuse.lazyfs rw 0 0",
  "fencecheck-lazyfs-abc12345 /tmp/not-ours fuse.sshfs rw 0 0",
  "fencecheck-lazyfs /tmp/bench/lazy fuse.lazyfs rw 0 0",
  "",
].join("\n");

describe("the lazy disks a run left mounted", () => {
  it("are named after the run", () => {
    expect(lazyFsName("abc12345")).toBe("fencecheck-lazyfs-abc12345");
  });

  it("are found in /proc/mounts by the run's name and the lazyfs type, with escaped spaces read back", () => {
    expect(lazyMountPoints(MOUNTS, "abc12345")).toEqual(["/tmp/s/run/nodes/l1/data", "/tmp/my store/nodes/s1/data"]);
  });

  it("are every run's without a run id, but never an unnamed mount nor another file system's", () => {
    expect(lazyMountPoints(MOUNTS)).toEqual(["/tmp/s/run/nodes/l1/data", "/tmp/my store/nodes/s1/data", "/tmp/other/nodes/l1/data"]);
  });
});

describe("whether clean may unmount a recorded lazy disk", () => {
  const real = (path: string): string => path;

  it("may when a lazy disk named for the run is mounted at exactly the recorded path, no folder on the way a symlink", () => {
    expect(unmountRefusal("/tmp/s/run/nodes/l1/data", "abc12345", MOUNTS, real)).toBeUndefined();
    expect(unmountRefusal("/tmp/my store/nodes/s1/data", "abc12345", MOUNTS, real)).toBeUndefined();
  });

  it("has nothing to do when the recorded path holds no lazy disk of the run, whatever /proc/mounts lists elsewhere", () => {
    expect(unmountRefusal("/tmp/s/run/nodes/l2/data", "abc12345", MOUNTS, real)).toBe("");
    expect(unmountRefusal("/tmp/other/nodes/l1/data", "abc12345", MOUNTS, real)).toBe("");
  });

  it("refuses when a folder on the way resolves elsewhere (swapped for a symlink) or is gone", () => {
    expect(unmountRefusal("/tmp/s/run/nodes/l1/data", "abc12345", MOUNTS, () => "/etc")).toMatch(/^\/tmp\/s\/run\/nodes\/l1\/data \(run abc12345\): a folder on its path is a symlink or gone \(it resolves to "\/etc"\)/);
    expect(unmountRefusal("/tmp/s/run/nodes/l1/data", "abc12345", MOUNTS, () => undefined)).toMatch(/resolves to "nothing"/);
  });
});

describe("the record of a run's lazy disks", () => {
  it("is written before the mounts, read back by run, and forgotten", () => {
    const stateDir = mkdtempSync(join(tmpdir(), "fc-lazy-record-"));
    recordLazyMounts("abc12345", ["/s/a/data", "/s/b/data"], stateDir);
    recordLazyMounts("zz", ["/t/data"], stateDir);
    expect(lazyMountRecords("abc12345", stateDir)).toEqual([{ runId: "abc12345", mounts: ["/s/a/data", "/s/b/data"] }]);
    expect(lazyMountRecords(undefined, stateDir).map((r) => r.runId).sort()).toEqual(["abc12345", "zz"]);
    forgetLazyMounts("abc12345", stateDir);
    expect(lazyMountRecords(undefined, stateDir).map((r) => r.runId)).toEqual(["zz"]);
  });

  it("holds only absolute, normal paths of a run id's form", () => {
    const stateDir = mkdtempSync(join(tmpdir(), "fc-lazy-record-"));
    expect(() => recordLazyMounts("../x", ["/s/data"], stateDir)).toThrow(/not a run id/);
    expect(() => recordLazyMounts("abc12345", ["/s/../etc"], stateDir)).toThrow(/not an absolute, normal path/);
    expect(() => recordLazyMounts("abc12345", ["s/data"], stateDir)).toThrow(/not an absolute, normal path/);
    mkdirSync(join(stateDir, "lazy-mounts"));
    writeFileSync(join(stateDir, "lazy-mounts", "abc12345.json"), JSON.stringify({ runId: "abc12345", mounts: ["/ok", "/a/../etc", 7] }));
    writeFileSync(join(stateDir, "lazy-mounts", "zz.json"), JSON.stringify({ runId: "other", mounts: ["/x"] }));
    expect(lazyMountRecords(undefined, stateDir)).toEqual([{ runId: "abc12345", mounts: ["/ok"] }]);
  });
});
