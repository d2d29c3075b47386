/**
 * `fencecheck clean`'s lazy unmount on real lazy disks: a disk whose server
 * was killed is unmounted at the path the tool recorded when it mounted it;
 * a disk moved from that path (its folder renamed, a symlink to another
 * mount put in its place) is left mounted and named, and the mount the
 * symlink leads to is untouched. Needs root, /dev/fuse and
 * native/lazyfs/build.sh.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { cleanLazyDisks, lazyMountPoints } from "./lazy-fs-clean.js";
import { lazyFsProgram, mountLazyDisks } from "./lazy-fs.js";

const clock = createSystemClock();
const usable = existsSync("/dev/fuse") && existsSync(lazyFsProgram());
if (!usable) console.warn("skipping the lazy unmount tests of clean: no /dev/fuse or lazyfs not built");
const runId = (n: number): string => `lc${process.pid.toString(36)}${n}`;
const mounts = (): string => readFileSync("/proc/mounts", "utf8");
const leftMounted: string[] = [];

afterAll(() => {
  for (const point of leftMounted) execFileSync("umount", ["-l", point], { stdio: "ignore" });
});

describe.runIf(usable)("the lazy unmount of clean", () => {
  it("unmounts a dead lazy disk at the path the tool recorded, and forgets it", async () => {
    const data = join(mkdtempSync(join(tmpdir(), "fc-lazy-clean-")), "nodes", "l1", "data");
    await mountLazyDisks({ l1: data }, clock, runId(1));
    expect(lazyMountPoints(mounts(), runId(1))).toEqual([data]);

    const result = await cleanLazyDisks({ runId: runId(1), clock });

    expect(result).toMatchObject({ mounts: [data], servers: 1, skipped: [] });
    expect(lazyMountPoints(mounts(), runId(1))).toEqual([]);
    expect(await cleanLazyDisks({ runId: runId(1), clock })).toMatchObject({ mounts: [], skipped: [] });
  });

  it("leaves a disk moved from its recorded path mounted and named, and never unmounts where a symlink in its place leads", async () => {
    const root = mkdtempSync(join(tmpdir(), "fc-lazy-clean-"));
    const data = join(root, "store", "nodes", "l1", "data");
    await mountLazyDisks({ l1: data }, clock, runId(2));
    const victim = join(root, "victim");
    mkdirSync(join(victim, "nodes", "l1", "data"), { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "fc-lazy-victim", join(victim, "nodes", "l1", "data")]);
    leftMounted.push(join(victim, "nodes", "l1", "data"), join(root, "moved", "nodes", "l1", "data"));
    renameSync(join(root, "store"), join(root, "moved"));
    symlinkSync(victim, join(root, "store"));

    const result = await cleanLazyDisks({ runId: runId(2), clock });

    expect(mounts()).toContain(`fc-lazy-victim ${join(victim, "nodes", "l1", "data")} tmpfs`);
    expect(lazyMountPoints(mounts(), runId(2))).toEqual([join(root, "moved", "nodes", "l1", "data")]);
    expect(result.mounts).toEqual([]);
    expect(result.skipped).toEqual([expect.stringContaining(`${join(root, "moved", "nodes", "l1", "data")} (run ${runId(2)}): this machine recorded no lazy disk there`)]);
  });
});
