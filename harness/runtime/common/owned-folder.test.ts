import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { controlStateRoot, effectiveUid, folderRefusal, OWNED_FOLDER_SH, ownedFolder, ownedPath, ROOT_STATE_DIR } from "./owned-folder.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fencecheck-owned-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the sh check on `path` as this user, or as if it ran as `uid` (its `id -u` answers `uid`). */
function shellCheck(path: string, uid = effectiveUid()): { status: number | null; stderr: string } {
  const script = `id() { echo ${uid}; }\n${OWNED_FOLDER_SH}\nowned_folder "$1"`;
  const run = spawnSync("sh", ["-c", script, "sh", path], { encoding: "utf8" });
  return { status: run.status, stderr: run.stderr };
}

describe("ownedFolder", () => {
  it("makes a missing folder readable by its owner only", () => {
    const made = ownedFolder(join(dir, "state"));
    expect(statSync(made).mode & 0o777).toBe(0o700);
  });

  it("refuses a folder another user made first, with one line naming it", () => {
    const planted = join(dir, "planted");
    mkdirSync(planted, { mode: 0o700 });
    const other = effectiveUid() + 1000;
    expect(() => ownedFolder(planted, { uid: other })).toThrow(expect.objectContaining({ code: "config.invalid", message: expect.stringContaining(`Cannot use the folder "${planted}": it is owned by uid ${effectiveUid()}`) }));
    try {
      ownedFolder(planted, { uid: other });
    } catch (error) {
      expect((error as Error).message.split("\n")).toHaveLength(1);
    }
  });

  it("refuses a symbolic link in the folder's place, even to a folder of its own", () => {
    mkdirSync(join(dir, "real"), { mode: 0o700 });
    symlinkSync(join(dir, "real"), join(dir, "link"));
    expect(() => ownedFolder(join(dir, "link"))).toThrow(/it is a symbolic link/);
  });

  it("refuses a folder its group or any user may write (a /tmp-like folder)", () => {
    mkdirSync(join(dir, "open"));
    chmodSync(join(dir, "open"), 0o1777);
    expect(() => ownedFolder(join(dir, "open"))).toThrow(/writable by its group or by every user \(mode 1777/);
  });

  it("refuses a file in the folder's place", () => {
    writeFileSync(join(dir, "file"), "");
    expect(() => ownedFolder(join(dir, "file"))).toThrow(/it is not a folder/);
  });

  it("checks every folder from the root down (a planted one on the way is refused)", () => {
    mkdirSync(join(dir, "root", "docker"), { recursive: true, mode: 0o700 });
    chmodSync(join(dir, "root", "docker"), 0o777);
    expect(() => ownedPath(join(dir, "root"), ["docker", "run1"])).toThrow(`Cannot use the folder "${join(dir, "root", "docker")}"`);
    chmodSync(join(dir, "root", "docker"), 0o700);
    expect(ownedPath(join(dir, "root"), ["docker", "run1"])).toBe(join(dir, "root", "docker", "run1"));
  });
});

describe("folderRefusal", () => {
  it("accepts a root-owned folder of mode 0755 or 0700, and names root as the owner expected", () => {
    expect(folderRefusal("/x", { symlink: false, directory: true, uid: 0, mode: 0o40755 }, 0)).toBeUndefined();
    expect(folderRefusal("/x", { symlink: false, directory: true, uid: 1000, mode: 0o40700 }, 0)).toBe(`Cannot use the folder "/x": it is owned by uid 1000, not by root (another user may have made it first: remove it)`);
  });
});

describe("controlStateRoot", () => {
  it("is /var/lib/fencecheck as root, and a folder of the user's home otherwise", () => {
    expect(controlStateRoot(0)).toBe(ROOT_STATE_DIR);
    expect(controlStateRoot(1000)).toMatch(/\/\.local\/state\/fencecheck$/);
  });
});

describe("OWNED_FOLDER_SH (the check on the hosts)", () => {
  it("makes a missing folder 0700 and accepts it", () => {
    expect(shellCheck(join(dir, "runs"))).toEqual({ status: 0, stderr: "" });
    expect(statSync(join(dir, "runs")).mode & 0o777).toBe(0o700);
  });

  it("refuses, with the same line as here, a folder another user owns, a symlink and a world-writable folder", () => {
    mkdirSync(join(dir, "planted"), { mode: 0o700 });
    const other = effectiveUid() + 1000;
    expect(shellCheck(join(dir, "planted"), other)).toEqual({ status: 1, stderr: `Cannot use the folder "${join(dir, "planted")}": it is owned by uid ${effectiveUid()}, not by uid ${other} (another user may have made it first: remove it)\n` });
    symlinkSync(join(dir, "planted"), join(dir, "link"));
    expect(shellCheck(join(dir, "link")).stderr).toMatch(/it is a symbolic link/);
    mkdirSync(join(dir, "open"));
    chmodSync(join(dir, "open"), 0o1777);
    expect(shellCheck(join(dir, "open"))).toEqual({ status: 1, stderr: `Cannot use the folder "${join(dir, "open")}": it is writable by its group or by every user (mode 1777: chmod go-w it, or remove it)\n` });
  });
});
