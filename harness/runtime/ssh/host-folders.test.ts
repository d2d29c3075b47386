import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { checkDeployRootCommand, checkRunFoldersCommand, hostFolderRefusal, runFolder } from "./host-folders.js";

describe("the hosts' folders", () => {
  it("keep runs in the root-owned state folder that survives a reboot, never under /var/tmp", () => {
    expect(runFolder("abc12345")).toBe("/var/lib/fencecheck/runs/abc12345");
  });

  it("are each checked from the state root down before a run writes in them", () => {
    const command = checkRunFoldersCommand("abc12345");
    expect(command.split("\n").at(-1)).toBe("owned_folder /var/lib/fencecheck && owned_folder /var/lib/fencecheck/runs && owned_folder /var/lib/fencecheck/runs/abc12345");
    expect(checkDeployRootCommand().split("\n").at(-1)).toBe("owned_folder /opt/fencecheck 755");
    for (const script of [command, checkDeployRootCommand()]) expect(() => execFileSync("sh", ["-n"], { input: script })).not.toThrow();
  });
});

describe("hostFolderRefusal", () => {
  it("names the folder and the host in one line, exit 254", () => {
    const error = hostFolderRefusal('Cannot use the folder "/var/lib/fencecheck": it is owned by uid 1000, not by root (another user may have made it first: remove it)\n', "h1");
    expect(error).toMatchObject({ code: "config.invalid", message: 'Cannot use the folder "/var/lib/fencecheck" on host "h1": it is owned by uid 1000, not by root (another user may have made it first: remove it)' });
  });

  it("leaves other failures to the caller", () => {
    expect(hostFolderRefusal("mkdir: cannot create directory: No space left on device", "h1")).toBeUndefined();
  });
});
