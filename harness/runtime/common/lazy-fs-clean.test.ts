import { describe, expect, it } from "vitest";
import { lazyFsName, lazyMountPoints } from "./lazy-fs-clean.js";

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
